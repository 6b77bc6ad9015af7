import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../../server/db/seed';
import { TESTER_IDS } from '../../server/db/seed-accounts';
import { call, login, loginAdmin, requestToken, serverUrl, SABER_BASIC, withParam, type Answer } from './client';
import { OTHER_TENANT, QUOTA_TENANT, TESTER } from './fixtures';
import { expectRefused } from './registry-expect';
import { uniqueText } from './resource-bodies';

/** Users, departments and posts over HTTP: the BladeX endpoints, their refusals and what they never answer. */

const USER = '/api/blade-system/user';
const DEPT = '/api/blade-system/dept';
const POST = '/api/blade-system/post';

let admin: string;
let other: string;

beforeAll(async () => {
  admin = await loginAdmin();
  other = (await login(OTHER_TENANT)).access_token;
});

const ok = (answer: Answer, where = '') => {
  expect(answer.body, `${where} ${answer.text}`).toMatchObject({ code: 200, success: true });
  return answer.body.data;
};

/** No answer of the user endpoints carries a password (hash or confirmation), however deep. */
function expectNoPassword(value: unknown, where: string) {
  const text = JSON.stringify(value);
  expect(text, where).not.toMatch(/"password2?"\s*:/);
  expect(text, where).not.toMatch(/\$2[aby]\$/);
}

async function newDept(token: string, body: Record<string, unknown> = {}) {
  const deptName = uniqueText('部门');
  ok(await call(`${DEPT}/submit`, { token, json: { deptName, fullName: deptName, deptCategory: 2, sort: 1, parentId: '0', ...body } }), 'dept submit');
  const page = ok(await call(`${DEPT}/page?deptName_equal=${encodeURIComponent(deptName)}`, { token }));
  return page.records[0] as { id: string; ancestors: string; deptName: string };
}

async function newPost(token: string) {
  const postCode = uniqueText('P').slice(0, 12);
  ok(await call(`${POST}/submit`, { token, json: { category: 1, postCode, postName: `岗位${postCode}`, sort: 1 } }), 'post submit');
  const page = ok(await call(`${POST}/list?postCode_equal=${postCode}`, { token }));
  return page.records[0] as { id: string; postName: string; postCode: string };
}

/** A user import sheet: the template's header and these rows. */
async function sheet(rows: (string | number)[][]) {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet('用户');
  ws.addRow(['登录账号', '用户昵称', '用户姓名', '手机号码', '电子邮箱', '用户平台', '所属角色', '所属部门', '所属岗位']);
  for (const row of rows) ws.addRow(row);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function upload(bytes: Uint8Array, isCovered: number) {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), 'users.xlsx');
  const response = await fetch(`${serverUrl()}${USER}/import-user?isCovered=${isCovered}`, {
    method: 'POST',
    headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${admin}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** The rows of a sheet the server answers (an export or the template), header first. */
async function downloadRows(path: string): Promise<unknown[][]> {
  const answer = await fetch(`${serverUrl()}${path}`, { headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${admin}` } });
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await answer.arrayBuffer());
  const rows: unknown[][] = [];
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function newUser(token: string, body: Record<string, unknown> = {}) {
  const account = uniqueText('u');
  const answer = await call(`${USER}/submit`, {
    token,
    json: { account, password: 'Pass-word1', password2: 'Pass-word1', name: account.slice(0, 20), realName: '用户', userType: 1, deptId: SEED_IDS.dept, roleId: SEED_IDS.userRole, ...body },
  });
  ok(answer, 'user submit');
  const page = ok(await call(`${USER}/page?account_equal=${account}`, { token }));
  return { ...(page.records[0] as { id: string; account: string }), password: 'Pass-word1' };
}

describe('departments', () => {
  it('keeps ancestors, also for descendants when a node moves; lazy-list and lazy-tree answer hasChildren', async () => {
    const root = await newDept(admin);
    expect(root.ancestors).toBe('0');
    const child = await newDept(admin, { parentId: root.id });
    expect(child.ancestors).toBe(`0,${root.id}`);
    const grandchild = await newDept(admin, { parentId: child.id });
    expect(grandchild.ancestors).toBe(`0,${root.id},${child.id}`);

    const lazy = ok(await call(`${DEPT}/lazy-list?parentId=${root.id}`, { token: admin }));
    expect(lazy.map((row: { id: string; hasChildren: boolean }) => [row.id, row.hasChildren])).toEqual([[child.id, true]]);
    const lazyTree = ok(await call(`${DEPT}/lazy-tree?parentId=${root.id}`, { token: admin }));
    expect(lazyTree).toEqual([{ id: child.id, parentId: root.id, title: child.deptName, key: child.id, value: child.id, hasChildren: true }]);
    // Filters: a search lists matches at any level.
    const found = ok(await call(`${DEPT}/lazy-list?parentId=0&deptName=${encodeURIComponent(grandchild.deptName)}`, { token: admin }));
    expect(found.map((row: { id: string }) => row.id)).toEqual([grandchild.id]);

    // Move the child under another root: the grandchild's ancestors follow.
    const otherRoot = await newDept(admin);
    ok(await call(`${DEPT}/submit`, { token: admin, json: { id: child.id, parentId: otherRoot.id } }), 'move');
    const moved = ok(await call(`${DEPT}/detail?id=${grandchild.id}`, { token: admin }));
    expect(moved.ancestors).toBe(`0,${otherRoot.id},${child.id}`);
    expect(ok(await call(`${DEPT}/detail?id=${child.id}`, { token: admin })).ancestors).toBe(`0,${otherRoot.id}`);

    const tree = ok(await call(`${DEPT}/tree?tenantId=000000`, { token: admin }));
    const node = tree.find((entry: { id: string }) => entry.id === otherRoot.id);
    expect(node.children[0]).toMatchObject({ id: child.id, title: child.deptName, key: child.id, value: child.id });
  });

  it("gives the platform administrator another tenant's department tree on ?tenantId=, and refuses it to anyone else", async () => {
    const theirs = ok(await call(`${DEPT}/tree?tenantId=${OTHER_TENANT.tenantId}`, { token: admin }));
    const theirIds = theirs.map((node: { id: string }) => node.id);
    expect(theirIds).toEqual(expect.arrayContaining([...OTHER_TENANT.deptIds]));
    expect(theirIds).not.toContain(SEED_IDS.dept);
    const own = ok(await call(`${DEPT}/tree`, { token: admin }));
    expect(own.some((node: { id: string }) => (OTHER_TENANT.deptIds as readonly string[]).includes(node.id))).toBe(false);
    // A tenant's own administrator may not look into the platform's tenant (or any other).
    expect((await call(`${DEPT}/tree?tenantId=000000`, { token: other })).body).toMatchObject({ code: 403, msg: '请求被拒绝' });
    expect((await call(`${DEPT}/tree?tenantId=${OTHER_TENANT.tenantId}`, { token: other })).body.code).toBe(200);
  });

  it('refuses to remove a department with children or with users', async () => {
    const root = await newDept(admin);
    const child = await newDept(admin, { parentId: root.id });
    expectRefused(await call(`${DEPT}/remove?ids=${root.id}`, { token: admin, method: 'POST' }), '请先删除子节点');
    const user = await newUser(admin, { deptId: child.id });
    expectRefused(await call(`${DEPT}/remove?ids=${child.id}`, { token: admin, method: 'POST' }), '该部门下存在用户,请先移除用户');
    ok(await call(`${USER}/remove?ids=${user.id}`, { token: admin, method: 'POST' }));
    ok(await call(`${DEPT}/remove?ids=${child.id}`, { token: admin, method: 'POST' }));
    ok(await call(`${DEPT}/remove?ids=${root.id}`, { token: admin, method: 'POST' }));
  });

  it('select answers the user\'s own departments (switch dialog), or all of the tenant\'s', async () => {
    const own = ok(await call(`${DEPT}/select?userId=${TESTER_IDS.user}`, { token: admin }));
    expect(own.map((row: { id: string }) => row.id).sort()).toEqual([SEED_IDS.dept, TESTER_IDS.testDept].sort());
    const all = ok(await call(`${DEPT}/select`, { token: admin }));
    expect(all.length).toBeGreaterThanOrEqual(2);
  });
});

describe('posts', () => {
  it('CRUD with a unique post code, select for pickers', async () => {
    const post = await newPost(admin);
    expectRefused(
      await call(`${POST}/submit`, { token: admin, json: { category: 1, postCode: post.postCode, postName: 'x', sort: 1 } }),
      '岗位编号已存在',
    );
    const select = ok(await call(`${POST}/select?tenantId=000000`, { token: admin }));
    expect(select.some((row: { id: string }) => row.id === post.id)).toBe(true);
    const detail = ok(await call(`${POST}/detail?id=${post.id}`, { token: admin }));
    expect(detail).toMatchObject({ id: post.id, categoryName: '高层' });
    const user = await newUser(admin, { postId: post.id });
    expectRefused(await call(`${POST}/remove?ids=${post.id}`, { token: admin, method: 'POST' }), '该岗位下存在用户,请先移除用户');
    ok(await call(`${USER}/remove?ids=${user.id}`, { token: admin, method: 'POST' }));
    ok(await call(`${POST}/remove?ids=${post.id}`, { token: admin, method: 'POST' }));
  });
});

describe('users', () => {
  it('adds a user whose password works, answers names and never the password', async () => {
    const post = await newPost(admin);
    const user = await newUser(admin, { postId: post.id, roleId: `${SEED_IDS.userRole},${TESTER_IDS.noticeRole}` });
    const detail = ok(await call(`${USER}/detail?id=${user.id}`, { token: admin }));
    expect(detail).toMatchObject({ roleName: '普通用户,通知查看', deptName: '管理组', postName: post.postName, locked: 0 });
    expectNoPassword(detail, 'detail');
    for (const path of [`page?account=${user.account}`, `list?account=${user.account}`, `pageV2?realName=用户`, `platform-detail?id=${user.id}`, 'info']) {
      const answer = await call(`${USER}/${path}`, { token: admin });
      ok(answer, path);
      expectNoPassword(answer.body, path);
    }
    const token = await login({ account: user.account, password: user.password });
    expect(token.role_id).toBe(`${SEED_IDS.userRole},${TESTER_IDS.noticeRole}`);
  });

  it('refuses a taken account, unequal or missing passwords, and foreign roles or depts', async () => {
    const user = await newUser(admin);
    const base = { name: 'n', realName: 'r', userType: 1, deptId: SEED_IDS.dept, roleId: SEED_IDS.userRole };
    expectRefused(await call(`${USER}/submit`, { token: admin, json: { ...base, account: user.account, password: 'a1', password2: 'a1' } }), '当前用户已存在');
    expectRefused(await call(`${USER}/submit`, { token: admin, json: { ...base, account: uniqueText('u'), password: 'a1', password2: 'a2' } }), '两次密码输入不一致');
    expectRefused(await call(`${USER}/submit`, { token: admin, json: { ...base, account: uniqueText('u'), password2: 'a2' } }), '请输入密码');
    expectRefused(await call(`${USER}/submit`, { token: admin, json: { ...base, account: uniqueText('u'), password: 'a1' } }), '请再次输入密码');
    expectRefused(
      await call(`${USER}/submit`, { token: admin, json: { ...base, account: uniqueText('u'), password: 'a1', password2: 'a1', roleId: OTHER_TENANT.roleIds[0] } }),
      '所属角色不存在',
    );
    expectRefused(
      await call(`${USER}/submit`, { token: admin, json: { ...base, account: uniqueText('u'), password: 'a1', password2: 'a1', deptId: OTHER_TENANT.deptIds[0] } }),
      '所属部门不存在',
    );
    // An edit changes no password, even when one is sent.
    ok(await call(`${USER}/submit`, { token: admin, json: { id: user.id, realName: '改名', password: 'Other-pass9', password2: 'Other-pass9' } }));
    await login({ account: user.account, password: user.password });
    ok(await call(`${USER}/update`, { token: admin, json: { id: user.id, realName: '再改' } }));
    expect(ok(await call(`${USER}/detail?id=${user.id}`, { token: admin })).realName).toBe('再改');
  });

  it('refuses a new user once the tenant account quota is reached', async () => {
    const token = (await login(QUOTA_TENANT)).access_token;
    const answer = await call(`${USER}/submit`, {
      token,
      json: { account: uniqueText('q'), password: 'a1', password2: 'a1', name: 'q', realName: 'q', userType: 1, deptId: QUOTA_TENANT.deptId, roleId: QUOTA_TENANT.roleId },
    });
    expectRefused(answer, '当前租户已到最大账号额度!');
    // Unlimited (-1) in tenant 000000: adding works.
    await newUser(admin);
  });

  it('lists the users of a department and of the departments below it', async () => {
    const root = await newDept(admin);
    const child = await newDept(admin, { parentId: root.id });
    const inChild = await newUser(admin, { deptId: child.id });
    const inRoot = await newUser(admin, { deptId: `${SEED_IDS.dept},${root.id}` });
    const underRoot = ok(await call(`${USER}/page?deptId=${root.id}&size=100`, { token: admin }));
    expect(underRoot.records.map((row: { id: string }) => row.id).sort()).toEqual([inChild.id, inRoot.id].sort());
    const underChild = ok(await call(`${USER}/page?deptId=${child.id}`, { token: admin }));
    expect(underChild.records.map((row: { id: string }) => row.id)).toEqual([inChild.id]);
    expect(underChild.records[0].deptName).toBe(child.deptName);
    expect((await call(`${USER}/page?deptId=abc`, { token: admin })).status).toBe(400);
  });

  it('refuses to remove yourself; removing a user ends its sessions', async () => {
    const me = ok(await call(`${USER}/info`, { token: admin }));
    expectRefused(await call(`${USER}/remove?ids=${me.id}`, { token: admin, method: 'POST' }), '不能删除本账号!');
    const user = await newUser(admin);
    const session = await login({ account: user.account, password: user.password });
    ok(await call(`${USER}/info`, { token: session.access_token }));
    ok(await call(`${USER}/remove?ids=${user.id}`, { token: admin, method: 'POST' }));
    expect((await call(`${USER}/info`, { token: session.access_token })).body.code).toBe(401);
  });

  it('resets passwords to account.initPassword (else 123456) and ends the sessions', async () => {
    const user = await newUser(admin);
    const session = await login({ account: user.account, password: user.password });
    ok(await call(`${USER}/reset-password?userIds=${user.id}`, { token: admin, method: 'POST' }));
    expect((await call(`${USER}/info`, { token: session.access_token })).body.code).toBe(401);
    await login({ account: user.account, password: '123456' });

    await withParam(admin, 'account.initPassword', 'Init-pass7', async () => {
      ok(await call(`${USER}/reset-password`, { token: admin, json: { userIds: user.id } }));
      await login({ account: user.account, password: 'Init-pass7' });
    });
  });

  it('grants roles of the caller\'s tenant only', async () => {
    const user = await newUser(admin);
    ok(await call(`${USER}/grant?userIds=${user.id}&roleIds=${TESTER_IDS.noticeRole}`, { token: admin, method: 'POST' }));
    expect(ok(await call(`${USER}/detail?id=${user.id}`, { token: admin })).roleName).toBe('通知查看');
    expectRefused(await call(`${USER}/grant?userIds=${user.id}&roleIds=${OTHER_TENANT.roleIds[0]}`, { token: admin, method: 'POST' }), '角色不存在');
    // Another tenant's administrator cannot grant this tenant's user anything.
    const foreign = await call(`${USER}/grant?userIds=${user.id}&roleIds=${OTHER_TENANT.roleIds[1]}`, { token: other, method: 'POST' });
    expect(foreign.body.success).toBe(false);
    expect(ok(await call(`${USER}/detail?id=${user.id}`, { token: admin })).roleId).toBe(TESTER_IDS.noticeRole);
    expectRefused(await call(`${USER}/detail?id=${user.id}`, { token: other }), '数据不存在');
    expect(ok(await call(`${USER}/page?account=${user.account}`, { token: other })).records).toEqual([]);
  });

  it('grants roles to several users by one call: each gets them, with the granting user as the last editor', async () => {
    const [first, second] = [await newUser(admin), await newUser(admin)];
    const before = ok(await call(`${USER}/detail?id=${first.id}`, { token: admin }));
    ok(await call(`${USER}/grant?userIds=${first.id},${second.id}&roleIds=${TESTER_IDS.noticeRole},${SEED_IDS.userRole}`, { token: admin, method: 'POST' }));
    for (const user of [first, second]) {
      const detail = ok(await call(`${USER}/detail?id=${user.id}`, { token: admin }));
      expect(detail.roleId).toBe(`${TESTER_IDS.noticeRole},${SEED_IDS.userRole}`);
      expect(detail.updateUser).toBe(before.createUser);
      expect(detail.updateTime >= before.updateTime).toBe(true);
    }
    // One role of another tenant refuses the whole grant: neither user changes.
    expectRefused(await call(`${USER}/grant?userIds=${first.id},${second.id}&roleIds=${SEED_IDS.userRole},${OTHER_TENANT.roleIds[0]}`, { token: admin, method: 'POST' }), '角色不存在');
    expect(ok(await call(`${USER}/detail?id=${second.id}`, { token: admin })).roleId).toBe(`${TESTER_IDS.noticeRole},${SEED_IDS.userRole}`);
  });

  it('stores the platform (user type and extension)', async () => {
    const user = await newUser(admin);
    ok(await call(`${USER}/update-platform?userId=${user.id}&userType=2&userExt=${encodeURIComponent('{"app":"x"}')}`, { token: admin, method: 'POST' }));
    const detail = ok(await call(`${USER}/platform-detail?id=${user.id}`, { token: admin }));
    expect(detail).toMatchObject({ userType: 2, userTypeName: 'APP', userExt: '{"app":"x"}' });
    expect((await call(`${USER}/update-platform?userId=${user.id}&userType=x`, { token: admin, method: 'POST' })).status).toBe(400);
  });

  it('shows a user locked by 5 failed logins as locked until unlocked', async () => {
    const user = await newUser(admin);
    for (let attempt = 0; attempt < 5; attempt += 1) await requestToken({ account: user.account, password: 'wrong' });
    expect((await requestToken({ account: user.account, password: user.password })).body.error_description).toBe('登录错误次数过多,请稍后再试');
    expect(ok(await call(`${USER}/page?account_equal=${user.account}`, { token: admin })).records[0].locked).toBe(1);
    ok(await call(`${USER}/unlock?userIds=${user.id}`, { token: admin, method: 'POST' }));
    expect(ok(await call(`${USER}/page?account_equal=${user.account}`, { token: admin })).records[0].locked).toBe(0);
    await login({ account: user.account, password: user.password });
  });

  it('answers every user path under /api/blade-user/* too', async () => {
    const user = await newUser(admin);
    const detail = ok(await call(`/api/blade-user/detail?id=${user.id}`, { token: admin }));
    expect(detail.account).toBe(user.account);
    expectNoPassword(detail, 'alias detail');
    expect(ok(await call('/api/blade-user/info', { token: admin })).account).toBe('admin');
    ok(await call('/api/blade-user/submit', { token: admin, json: { id: user.id, realName: '别名' } }));
    expect(ok(await call(`/api/blade-user/page?account_equal=${user.account}`, { token: admin })).records[0].realName).toBe('别名');
    // The guards hold under the alias as well.
    const tester = (await login({ account: 'tester', password: TESTER.password })).access_token;
    expect((await call(`/api/blade-user/remove?ids=${user.id}`, { token: tester, method: 'POST' })).status).toBe(403);
    expect((await call('/api/blade-user/info')).body.code).toBe(401);
  });

  it('imports users from an xlsx (skip or overwrite existing accounts), names row errors, exports the list', async () => {
    const template = await fetch(`${serverUrl()}${USER}/export-template`, { headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${admin}` } });
    expect(template.headers.get('content-type')).toContain('spreadsheetml');

    const existing = await newUser(admin);
    const fresh = uniqueText('imp');
    const bad = await upload(await sheet([[fresh, 'n', 'r', '123', '', 'WEB', '普通用户', '管理组', ''], [uniqueText('imp'), 'n', 'r', '', '', 'WEB', '没有的角色', '管理组', '']]), 0);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('第2行「手机号码」');
    expect(bad.body.msg).toContain('第3行「所属角色」: 「没有的角色」不存在');

    const good = await sheet([
      [fresh, 'n', '导入', '13900000001', '', 'WEB', '普通用户,通知查看', '管理组', ''],
      [existing.account, 'n', '覆盖', '', '', 'APP', '普通用户', '管理组', ''],
    ]);
    expect(ok(await upload(good, 0) as unknown as Answer)).toMatchObject({ imported: 1, skipped: 1 });
    const row = ok(await call(`${USER}/page?account_equal=${fresh}`, { token: admin })).records[0];
    expect(row).toMatchObject({ realName: '导入', roleName: '普通用户,通知查看', deptName: '管理组' });
    await login({ account: fresh, password: '123456' });
    expect(ok(await call(`${USER}/page?account_equal=${existing.account}`, { token: admin })).records[0].realName).toBe('用户');
    expect(ok(await upload(good, 1) as unknown as Answer)).toMatchObject({ imported: 2, skipped: 0 });
    expect(ok(await call(`${USER}/page?account_equal=${existing.account}`, { token: admin })).records[0].realName).toBe('覆盖');
    // Overwriting keeps the existing password.
    await login({ account: existing.account, password: existing.password });

    const exported = await fetch(`${serverUrl()}${USER}/export-user?account=${fresh}`, { headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${admin}` } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await exported.arrayBuffer());
    const values = book.worksheets[0].getRow(2).values as unknown[];
    expect(values).toContain(fresh);
    expect(values).toContain('普通用户,通知查看');
  });

  it('refuses a department name two departments share, takes a number or full path, and exports full paths', async () => {
    // Two departments named alike, under two parents.
    const [left, right] = [await newDept(admin), await newDept(admin)];
    const shared = uniqueText('同名部');
    const twins = [await newDept(admin, { parentId: left.id }), await newDept(admin, { parentId: right.id })];
    for (const twin of twins) ok(await call(`${DEPT}/submit`, { token: admin, json: { id: twin.id, deptName: shared } }));
    const [first, second, third] = [uniqueText('imp'), uniqueText('imp'), uniqueText('imp')];

    const ambiguous = await upload(await sheet([[first, 'n', 'r', '', '', 'WEB', '普通用户', '管理组', ''], [second, 'n', 'r', '', '', 'WEB', '普通用户', shared, '']]), 0);
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.msg).toBe(`第3行「所属部门」: 部门「${shared}」不唯一，请填写部门编号或完整路径`);
    expect(ok(await call(`${USER}/page?account_equal=${first}`, { token: admin })).records).toEqual([]);

    const rightPath = `${right.deptName}/${shared}`;
    const resolved = await upload(
      await sheet([
        [first, 'n', 'r', '', '', 'WEB', '普通用户', `${left.deptName} / ${shared}`, ''],
        [second, 'n', 'r', '', '', 'WEB', '普通用户', twins[1].id, ''],
        [third, 'n', 'r', '', '', 'WEB', '普通用户', `${rightPath},管理组`, ''],
      ]),
      0,
    );
    expect(resolved.body, JSON.stringify(resolved.body)).toMatchObject({ code: 200, data: { imported: 3 } });
    const deptOf = async (account: string) => ok(await call(`${USER}/page?account_equal=${account}`, { token: admin })).records[0].deptId;
    expect(await deptOf(first)).toBe(twins[0].id);
    expect(await deptOf(second)).toBe(twins[1].id);
    expect(await deptOf(third)).toBe(`${twins[1].id},${SEED_IDS.dept}`);

    // The export names each department by its full path, which an overwriting import finds again.
    const exported = await downloadRows(`${USER}/export-user?account=${second}`);
    const deptColumn = exported[0].indexOf('所属部门');
    expect(exported[1][deptColumn]).toBe(rightPath);
    const reimported = await upload(await sheet([exported[1].map((cell) => (cell === null || cell === undefined ? '' : String(cell)))]), 1);
    expect(reimported.body, JSON.stringify(reimported.body)).toMatchObject({ code: 200, data: { imported: 1 } });
    expect(await deptOf(second)).toBe(twins[1].id);
  });

  it('checks every row of a file longer than a batch before saving any, then saves all of it', async () => {
    const prefix = uniqueText('bat');
    const rows = Array.from({ length: 520 }, (_, index) => [`${prefix}_${index}`, `n${index}`, '批量', '', '', 'WEB', '普通用户', '管理组', '']);
    // Sheet row 517 (the second batch): a role that does not exist.
    const bad = rows.map((row, index) => (index === 515 ? [...row.slice(0, 6), '没有的角色', ...row.slice(7)] : row));
    const refused = await upload(await sheet(bad), 0);
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('第517行「所属角色」: 「没有的角色」不存在');
    // Nothing of the first batch was saved either.
    expect(ok(await call(`${USER}/page?account=${prefix}&size=1`, { token: admin })).total).toBe(0);

    const saved = await upload(await sheet(rows), 0);
    expect(saved.body, JSON.stringify(saved.body)).toMatchObject({ code: 200, data: { total: 520, imported: 520, skipped: 0 } });
    const listed = ok(await call(`${USER}/page?account=${prefix}&size=1`, { token: admin }));
    expect(listed.total).toBe(520);
    // Each row of either batch signs in with the tenant's initial password; its creator is the importing user.
    for (const account of [`${prefix}_0`, `${prefix}_519`]) {
      await login({ account, password: '123456' });
      const [row] = ok(await call(`${USER}/page?account_equal=${account}`, { token: admin })).records;
      expect(row).toMatchObject({ realName: '批量', roleName: '普通用户', deptName: '管理组' });
      expect(row.createUser).toBe(listed.records[0].createUser);
    }
    // The other tenant sees none of them.
    expect(ok(await call(`${USER}/page?account=${prefix}&size=1`, { token: other })).total).toBe(0);
    // Again with 覆盖 off: every row exists, so every row is skipped.
    expect(ok((await upload(await sheet(rows), 0)) as unknown as Answer)).toMatchObject({ total: 520, imported: 0, skipped: 520 });
  }, 120_000);

  it('gives a template whose sample row names no account of the tenant', async () => {
    const [header, sample] = await downloadRows(`${USER}/export-template`);
    // Required columns are marked `*登录账号`.
    const account = String(sample[header.findIndex((cell) => String(cell).endsWith('登录账号'))]);
    expect(account).toMatch(/sample/);
    expect(ok(await call(`${USER}/page?account_equal=${account}`, { token: admin })).records).toEqual([]);
  });
});
