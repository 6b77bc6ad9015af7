import { http as route, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { arrivedFirstPageOf, createDataProvider, forgetFirstPageRead, readFirstPageEarly, type BladeMeta } from '../../providers/data';
import { configureHttp } from '../../providers/http';
import { paramSchema } from '../../resources/param/schema';
import type { ResourceSchema } from '../../resources/types';
import { describeRequest, envelope, server, useMockServer, type SeenRequest } from './support';

useMockServer();

const taskSchema: ResourceSchema = {
  ...paramSchema,
  name: 'task',
  api: '/gateway/blade-task/task',
  endpoints: { submit: 'mainTaskSubmit' },
  permissionCode: 'task',
  fields: [
    { name: 'taskName', type: 'string', label: { zh: '任务名称', en: 'Task name' } },
    { name: 'startTime', type: 'date', label: { zh: '开始时间', en: 'Start time' } },
  ],
};

const dataProvider = createDataProvider([paramSchema, taskSchema]);
const notifyError = vi.fn<(msg: string) => void>();

beforeEach(() => {
  notifyError.mockReset();
  configureHttp({ notifyError, whitelistCodes: [] });
});

/** Answers `answer` on every request to `method path` and records what was sent. */
function capture(method: 'get' | 'post', path: string, answer: () => Response = () => envelope({})) {
  const seen: SeenRequest[] = [];
  server.use(
    route[method](path, async ({ request }) => {
      seen.push(await describeRequest(request));
      return answer();
    }),
  );
  return seen;
}

describe('getList', () => {
  it('passes on that the total is an estimate (a filter over a large table)', async () => {
    capture('get', '/api/blade-system/param/list', () =>
      envelope({ records: [{ id: '1', paramName: 'a' }], total: 1_000_000, totalEstimated: true, size: 10, current: 1, pages: 100_000 }),
    );
    const result = await dataProvider.getList({ resource: 'param', pagination: { currentPage: 1, pageSize: 10 } });
    expect(result).toEqual({ data: [{ id: '1', paramName: 'a' }], total: 1_000_000, totalEstimated: true });
  });

  it('sends paging, filters and sorters the Blade way and returns records and total', async () => {
    const seen = capture('get', '/api/blade-system/param/list', () =>
      envelope({ records: [{ id: '1', paramName: 'a' }], total: 31, size: 10, current: 2, pages: 4 }),
    );
    const result = await dataProvider.getList({
      resource: 'param',
      pagination: { currentPage: 2, pageSize: 10 },
      filters: [
        { field: 'paramName', operator: 'contains', value: 'mail' },
        { field: 'paramKey', operator: 'eq', value: 'mail.host' },
        { field: 'paramValue', operator: 'contains', value: '' },
        { field: 'createTime', operator: 'gte', value: '2024-01-01 00:00:00' },
        { field: 'createTime', operator: 'lte', value: '2024-01-31 23:59:59' },
      ],
      sorters: [
        { field: 'createTime', order: 'desc' },
        { field: 'paramKey', order: 'asc' },
      ],
    });
    expect(result).toEqual({ data: [{ id: '1', paramName: 'a' }], total: 31 });
    expect(seen).toHaveLength(1);
    expect(seen[0].query).toEqual({
      current: '2',
      size: '10',
      paramName: 'mail',
      paramKey_equal: 'mail.host',
      createTime_dategt: '2024-01-01 00:00:00',
      createTime_datelt: '2024-01-31 23:59:59',
      ascs: 'param_key',
      descs: 'create_time',
    });
  });

  it('sends date-field ranges with _datege/_datele, null checks, and no paging when paging is off', async () => {
    const seen = capture('get', '/gateway/blade-task/task/list', () => envelope({ records: [], total: 0 }));
    await dataProvider.getList({
      resource: 'task',
      pagination: { mode: 'off' },
      filters: [
        { field: 'startTime', operator: 'gte', value: '2024-02-01' },
        { field: 'startTime', operator: 'lte', value: '2024-02-29' },
        { field: 'parentId', operator: 'null', value: true },
        { field: 'taskName', operator: 'ne', value: 'x' },
      ],
    });
    expect(seen[0].query).toEqual({
      startTime_datege: '2024-02-01',
      startTime_datele: '2024-02-29',
      parentId_null: '1',
      taskName_notequal: 'x',
    });
  });

  it('accepts a plain array answer, merges meta.query, and serves resources without a schema via meta', async () => {
    const seen = capture('get', '/api/blade-system/dept/lazy-list', () =>
      envelope([
        { id: '1', deptName: 'A' },
        { id: '2', deptName: 'B' },
      ]),
    );
    const result = await dataProvider.getList({
      resource: 'dept',
      meta: { api: '/api/blade-system/dept', endpoints: { list: 'lazy-list' }, query: { parentId: '0' } },
    });
    expect(result.total).toBe(2);
    expect(result.data.map((row) => row.deptName)).toEqual(['A', 'B']);
    expect(seen[0].query).toEqual({ current: '1', size: '10', parentId: '0' });
  });

  it('refuses a resource it knows nothing about', async () => {
    await expect(dataProvider.getList({ resource: 'unknown' })).rejects.toThrow(/unknown/);
  });

  it('rejects with the Blade error and shows its message', async () => {
    capture('get', '/api/blade-system/param/list', () => envelope(null, 400, '请求参数类型错误', 400));
    await expect(dataProvider.getList({ resource: 'param' })).rejects.toMatchObject({ code: 400 });
    expect(notifyError).toHaveBeenCalledExactlyOnceWith('请求参数类型错误');
  });
});

describe('the first page read early', () => {
  it('is the page getList would answer for page 1 at the default size, handed over once it has arrived', async () => {
    const seen = capture('get', '/api/blade-system/param/list', () => envelope({ records: [{ id: '1', paramName: 'a' }], total: '42' }));
    readFirstPageEarly(paramSchema);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].query).toEqual({ current: '1', size: '10' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Read as often as a render is done again, until the screen that showed it forgets it.
    expect(arrivedFirstPageOf(paramSchema)).toEqual({ data: [{ id: '1', paramName: 'a' }], total: 42 });
    expect(arrivedFirstPageOf(paramSchema)).toEqual({ data: [{ id: '1', paramName: 'a' }], total: 42 });
    forgetFirstPageRead(paramSchema);
    expect(arrivedFirstPageOf(paramSchema)).toBeUndefined();
    // The table asking for that page now asks the server.
    await dataProvider.getList({ resource: 'param', pagination: { currentPage: 1, pageSize: 10 } });
    expect(seen).toHaveLength(2);
  });
});

describe('single records', () => {
  it('getOne reads {api}/detail?id=', async () => {
    const seen = capture('get', '/api/blade-system/param/detail', () => envelope({ id: '42', paramKey: 'k' }));
    const result = await dataProvider.getOne({ resource: 'param', id: '42' });
    expect(result.data).toEqual({ id: '42', paramKey: 'k' });
    expect(seen[0].query).toEqual({ id: '42' });
  });

  it('getOne names the id as the endpoint reads it, with the query beside it', async () => {
    const seen = capture('get', '/gateway/blade-task/task/run-detail', () => envelope({ id: '5' }));
    const meta: BladeMeta = { endpoints: { detail: 'run-detail' }, idParam: 'recordId', query: { withCases: 1 } };
    await dataProvider.getOne({ resource: 'task', id: '9', meta });
    expect(seen[0].query).toEqual({ recordId: '9', withCases: '1' });
  });

  it('reads from another controller when an endpoint starts at the root (a link table for its record)', async () => {
    const seen = capture('get', '/gateway/blade-task/taskMember/list', () => envelope([{ id: '1' }]));
    const meta: BladeMeta = { endpoints: { list: '/gateway/blade-task/taskMember/list' }, query: { taskId: '7' } };
    const result = await dataProvider.getList({ resource: 'task', pagination: { mode: 'off' }, meta });
    expect(result.data).toEqual([{ id: '1' }]);
    expect(seen[0].query).toEqual({ taskId: '7' });
  });

  it('getMany reads the detail of each id', async () => {
    const seen = capture('get', '/api/blade-system/param/detail', () => envelope({ id: 'x' }));
    const result = await dataProvider.getMany!({ resource: 'param', ids: ['1', '2'] });
    expect(result.data).toHaveLength(2);
    expect(seen.map((request) => request.query.id).sort()).toEqual(['1', '2']);
  });

  it('create posts the entity to {api}/submit', async () => {
    const seen = capture('post', '/api/blade-system/param/submit');
    const variables = { paramName: 'n', paramKey: 'k', paramValue: 'v' };
    const result = await dataProvider.create({ resource: 'param', variables });
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0].body)).toEqual(variables);
    expect(seen[0].query).toEqual({});
    expect(result.data).toEqual(variables);
  });

  it('update posts the entity with its id to the resource submit endpoint', async () => {
    const seen = capture('post', '/gateway/blade-task/task/mainTaskSubmit');
    await dataProvider.update({ resource: 'task', id: '9', variables: { taskName: 't' } });
    expect(JSON.parse(seen[0].body)).toEqual({ taskName: 't', id: '9' });
  });

  it('deleteOne posts {api}/remove?ids=id', async () => {
    const seen = capture('post', '/api/blade-system/param/remove');
    const result = await dataProvider.deleteOne({ resource: 'param', id: '5' });
    expect(seen[0].query).toEqual({ ids: '5' });
    expect(seen[0].body).toBe('');
    expect(result.data).toEqual({ id: '5' });
  });

  it('deleteMany removes all ids in one call', async () => {
    const seen = capture('post', '/api/blade-system/param/remove');
    const result = await dataProvider.deleteMany!({ resource: 'param', ids: ['1', '2', '3'] });
    expect(seen).toHaveLength(1);
    expect(seen[0].query).toEqual({ ids: '1,2,3' });
    expect(result.data).toEqual([{ id: '1' }, { id: '2' }, { id: '3' }]);
  });
});

describe('custom and getApiUrl', () => {
  it('sends any method with query, payload and headers, returning the envelope data', async () => {
    const seen = capture('post', '/api/blade-job/job-info/change', () => envelope({ changed: true }));
    const result = await dataProvider.custom!({
      url: '/api/blade-job/job-info/change',
      method: 'post',
      query: { id: '3', enable: 0 },
      payload: { note: 'pause' },
      headers: { 'X-Extra': 'yes' },
    });
    expect(result.data).toEqual({ changed: true });
    expect(seen[0].query).toEqual({ id: '3', enable: '0' });
    expect(JSON.parse(seen[0].body)).toEqual({ note: 'pause' });
    expect(seen[0].headers['x-extra']).toBe('yes');
  });

  it("takes a mutation's query parameters from meta (Refine's custom mutation has no query of its own)", async () => {
    const seen = capture('post', '/gateway/blade-terminal/terminalManagement/issueToken', () => envelope({ token: 't' }));
    const meta: BladeMeta = { query: { id: '4' } };
    const result = await dataProvider.custom!({ url: '/gateway/blade-terminal/terminalManagement/issueToken', method: 'post', meta });
    expect(result.data).toEqual({ token: 't' });
    expect(seen[0].query).toEqual({ id: '4' });
  });

  it('maps custom filters and sorters, and returns raw answers whole', async () => {
    const seen = capture('get', '/api/blade-auth/oauth/captcha', () => HttpResponse.json({ key: 'k', image: 'i' }));
    const result = await dataProvider.custom!({
      url: '/api/blade-auth/oauth/captcha',
      method: 'get',
      filters: [{ field: 'name', operator: 'eq', value: 'a' }],
      sorters: [{ field: 'sortOrder', order: 'asc' }],
    });
    expect(result.data).toEqual({ key: 'k', image: 'i' });
    expect(seen[0].query).toEqual({ name_equal: 'a', ascs: 'sort_order' });
  });

  it('uses same-origin URLs', () => {
    expect(dataProvider.getApiUrl()).toBe('');
  });
});
