import type { Context } from 'hono';
import { z } from 'zod';
import type { ResourceRoutes } from '../../server/blade/behaviour';
import type { BladeEnv } from '../../server/blade/context';
import { jsonBody } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { badRequest, MSG } from '../../server/blade/errors';
import { idListField, parseInput } from '../../server/blade/operation';
import { MAX_PAGE_SIZE } from '../../server/blade/query';
import { templateResponse } from '../../server/excel';
import { decorate, decorateMembers, pageOf } from './lookups';
import { IMPORT_COLUMNS } from './sheets';

type C = Context<BladeEnv>;

const userIdsBody = z.object({ userIds: idListField('用户', { max: 500, allowEmpty: true }) });

/**
 * The user screen's reads: the list (with `deptId` meaning the department and those below it, names joined), details,
 * the members' batch read, the import template.
 */
export function userReads({ read, store, services }: ResourceRoutes) {
  const { db } = services;
  const base = store.schema.api;
  const list = async (c: C) => send(c, R.data(await pageOf(store, db, c.get('user'), c.req.query())));
  read(`${base}/page`, list);
  read(`${base}/list`, list);
  read(`${base}/pageV2`, list);
  // BladeX's `user-list`: the matching users as a plain list (the first page of the largest size, never unbounded).
  read(`${base}/user-list`, async (c) => {
    const { current: _current, size: _size, ...query } = c.req.query();
    const page = await pageOf(store, db, c.get('user'), { ...query, current: '1', size: String(MAX_PAGE_SIZE) });
    return send(c, R.data(page.records));
  });

  // A read, though it is a POST: the ids travel in the body (spec §7).
  read(
    `${base}/batchQueryUserInfo`,
    async (c) => {
      const { userIds: ids } = parseInput(userIdsBody, await jsonBody(c.req.raw));
      return send(c, R.data(await decorateMembers(db, c.get('user'), await store.byIds(c.get('user'), ids))));
    },
    'POST',
  );

  const detailOf = async (c: C) => {
    const id = c.req.query('id') ?? c.req.query('userId');
    if (!id) throw badRequest(`${MSG.missingParam}: id`);
    const row = await store.detail(c.get('user'), id);
    if (!row) throw badRequest('数据不存在');
    const [decorated] = await decorate(db, c.get('user').tenantId, [row]);
    return decorated;
  };
  read(`${base}/detail`, async (c) => send(c, R.data(await detailOf(c))));
  read(`${base}/platform-detail`, async (c) => {
    const row = await detailOf(c);
    return send(c, R.data({ ...row, userExt: row.userExt ?? '' }));
  });

  read(`${base}/export-template`, async () => templateResponse('用户数据模板.xlsx', IMPORT_COLUMNS));
}
