import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin } from './client';
import { SCOPE_FIXTURE } from './fixtures';

/**
 * A reader who holds a resource only through another screen's picker (项目管理's 负责人 and 项目成员 pick users)
 * reads the picker's columns of its rows (id, name, what the picker filters and fills), never the whole record: a
 * project-only role gets no user's phone or email, while a role with 用户管理, and the administrator, still do.
 */

type Row = Record<string, unknown>;
const USER = '/api/blade-system/user';
const PROJECT = '/gateway/blade-project/project';
const MEMBERS = '/gateway/blade-projectuserrel/projectUserRel/list';
const PRIVATE = ['phone', 'email', 'password', 'account_number', 'birthday'];

let admin: string;
let reader: string;
let menuIdByCode: Map<string, string>;
let adminUserId: string;
let projectId: string;

async function grant(menuCodes: string[]) {
  const answer = await call('/api/blade-system/role/grant', {
    token: admin,
    method: 'POST',
    json: { roleIds: [SCOPE_FIXTURE.roleId], menuIds: menuCodes.map((code) => menuIdByCode.get(code)!), dataScopeIds: [], apiScopeIds: [] },
  });
  expect(answer.body, answer.text).toMatchObject({ code: 200, success: true });
}

const keysOf = (rows: Row[]) => [...new Set(rows.flatMap((row) => Object.keys(row)))];

beforeAll(async () => {
  admin = await loginAdmin();
  const codes = new Map<string, string>();
  const walk = (nodes: Row[]) => nodes.forEach((node) => (codes.set(String(node.code), String(node.id)), walk((node.children as Row[]) ?? [])));
  walk((await call('/api/blade-system/menu/routes', { token: admin })).body.data);
  walk((await call('/api/blade-system/menu/buttons', { token: admin })).body.data);
  menuIdByCode = codes;
  const users = await call(`${USER}/pageV2?account=admin&size=10`, { token: admin });
  adminUserId = (users.body.data.records as Row[]).find((row) => row.account === 'admin')!.id as string;
  const code = `PK${Date.now().toString(36)}`.toUpperCase();
  const saved = await call(`${PROJECT}/submit`, { token: admin, json: { projectCode: code, projectName: '选择器列项目', status: 1, managerId: adminUserId } });
  expect(saved.body, saved.text).toMatchObject({ success: true });
  projectId = (await call(`${PROJECT}/list?projectCode=${code}`, { token: admin })).body.data.records[0].id;
  const linked = await call(`${PROJECT}/batchSaveUserRel`, { token: admin, json: { projectId, userIds: [adminUserId] } });
  expect(linked.body, linked.text).toMatchObject({ success: true });
  await grant(['test', 'project', 'project_view', 'project_add', 'project_edit']);
  reader = (await login({ account: SCOPE_FIXTURE.users.a.account, password: SCOPE_FIXTURE.password })).access_token;
});

afterAll(async () => {
  await grant([]);
  await call(`${PROJECT}/remove?ids=${projectId}`, { token: admin, method: 'POST' });
});

describe('a 项目管理-only role reads users through its pickers', () => {
  it('the user list, page and detail answer the picker’s columns: no phone or email', async () => {
    // Searched by account, as a picker does: other suites' imports put hundreds of users before the administrator.
    for (const path of [`${USER}/pageV2?size=50&status=1&account=admin`, `${USER}/list?size=50&account=admin`, `${USER}/page?size=50&account=admin`]) {
      const answer = await call(path, { token: reader });
      expect(answer.body.code, answer.text).toBe(200);
      const records = answer.body.data.records as Row[];
      expect(records.length, path).toBeGreaterThan(0);
      expect(records.find((row) => row.id === adminUserId), path).toMatchObject({ id: adminUserId, realName: expect.any(String) });
      expect(keysOf(records).filter((key) => PRIVATE.includes(key)), path).toEqual([]);
      // The page itself is kept: the picker pages and searches.
      expect(answer.body.data.total).toBeGreaterThan(0);
    }
    const detail = await call(`${USER}/detail?id=${adminUserId}`, { token: reader });
    expect(detail.body.data).toMatchObject({ id: adminUserId });
    expect(Object.keys(detail.body.data).filter((key) => PRIVATE.includes(key))).toEqual([]);
  });

  it('cuts an answer the server compressed for a browser: a picker’s first page of every user, taking gzip', async () => {
    // Fifty users' picker columns pass the size from which the server compresses (1 KB): cut after it, not refused.
    for (const encoding of ['gzip, deflate, br', 'deflate']) {
      const answer = await call(`${USER}/page?size=50&current=1`, { token: reader, headers: { 'Accept-Encoding': encoding } });
      expect(answer.body.code, answer.text).toBe(200);
      const records = answer.body.data.records as Row[];
      expect(records.length).toBeGreaterThan(5);
      expect(keysOf(records).filter((key) => PRIVATE.includes(key))).toEqual([]);
      expect(keysOf(records)).toEqual(expect.arrayContaining(['id', 'realName']));
    }
  });

  it('the members table and the picked members’ details show the link’s columns only', async () => {
    const members = await call(`${MEMBERS}?projectId=${projectId}`, { token: reader });
    expect(members.body.code, members.text).toBe(200);
    expect(members.body.data).toEqual([expect.objectContaining({ userId: adminUserId, account: 'admin', realName: expect.any(String) })]);
    expect(keysOf(members.body.data).filter((key) => PRIVATE.includes(key))).toEqual([]);
    const details = await call(`${USER}/batchQueryUserInfo`, { token: reader, method: 'POST', json: { userIds: [adminUserId] } });
    expect(details.body.data).toEqual([expect.objectContaining({ id: adminUserId, account: 'admin' })]);
    expect(keysOf(details.body.data).filter((key) => PRIVATE.includes(key))).toEqual([]);
  });
});

describe('readers of the user screen itself', () => {
  it('the administrator reads the whole record', async () => {
    const answer = await call(`${USER}/detail?id=${adminUserId}`, { token: admin });
    expect(Object.keys(answer.body.data)).toEqual(expect.arrayContaining(['phone', 'email', 'account', 'realName']));
  });

  it('a role with 用户管理 reads phone and email too', async () => {
    await grant(['system', 'user', 'user_view', 'test', 'project', 'project_view']);
    const answer = await call(`${USER}/pageV2?size=50`, { token: reader });
    expect(answer.body.code, answer.text).toBe(200);
    expect(keysOf(answer.body.data.records)).toEqual(expect.arrayContaining(['phone', 'email']));
    const detail = await call(`${USER}/detail?id=${adminUserId}`, { token: reader });
    expect(Object.keys(detail.body.data)).toEqual(expect.arrayContaining(['phone', 'email']));
  });
});
