import { beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import { call } from './client';
import { detailUrl, listUrl, openSessions, removeUrl, submitUrl, type ResourceFactory } from './resource-bodies';

/** Read-only resources (rows written by the server itself): list and detail work, submit and remove are not mounted. */
const readOnly = resourceSchemas.filter((schema) => schema.readOnly);

let admin: ResourceFactory;
beforeAll(async () => {
  admin = (await openSessions()).admin;
});

it('there are read-only resources to test', () => {
  expect(readOnly.length).toBeGreaterThan(0);
});

describe.each(readOnly.map((schema) => [schema.name, schema] as const))('%s: read-only', (_, schema) => {
  it('answers submit and remove with 404 or 405, and writes nothing', async () => {
    const before = (await call(`${listUrl(schema)}?size=1`, { token: admin.token })).body.data.total;
    for (const answer of [
      await call(submitUrl(schema), { token: admin.token, json: {} }),
      await call(submitUrl(schema), { token: admin.token, json: { id: '1' } }),
      await call(removeUrl(schema, '1'), { token: admin.token, method: 'POST' }),
    ]) {
      expect([404, 405], answer.text).toContain(answer.status);
      expect(answer.body).toMatchObject({ code: answer.status, success: false });
    }
    expect((await call(`${listUrl(schema)}?size=1`, { token: admin.token })).body.data.total).toBe(before);
  });

  it('lists a page and answers the detail of a listed row', async () => {
    const list = await call(`${listUrl(schema)}?size=5`, { token: admin.token });
    expect(list.body, list.text).toMatchObject({ code: 200, success: true, data: { current: 1, size: 5 } });
    expect(Array.isArray(list.body.data.records)).toBe(true);
    for (const row of list.body.data.records.slice(0, 2)) {
      const detail = await call(detailUrl(schema, row.id), { token: admin.token });
      expect(detail.body.data).toEqual(row);
    }
    const missing = await call(detailUrl(schema, '1'), { token: admin.token });
    expect(missing.body).toMatchObject({ code: 400, msg: '数据不存在' });
  });
});
