import { beforeAll, describe, expect, it } from 'vitest';
import { call, login, loginAdmin, md5, SABER_BASIC, serverUrl, withRegistrationOpen } from './client';
import { TESTER } from './fixtures';

let admin: string;
let tester: string;
beforeAll(async () => {
  admin = await loginAdmin();
  tester = (await login(TESTER)).access_token;
});

describe('API permissions', () => {
  it('refuses the tester (no param_add/_edit/_delete) with 403 请求被拒绝, and lets it list and view', async () => {
    const list = await call('/api/blade-system/param/list', { token: tester });
    expect(list.body.success).toBe(true);
    const add = await call('/api/blade-system/param/submit', { token: tester, json: { paramName: 'n', paramKey: 'k.tester', paramValue: 'v' } });
    expect(add.status).toBe(403);
    expect(add.body).toEqual({ code: 403, success: false, data: null, msg: '请求被拒绝' });
    const id = list.body.data.records[0]?.id ?? '1';
    const edit = await call('/api/blade-system/param/submit', { token: tester, json: { id, paramValue: 'changed' } });
    expect(edit.status).toBe(403);
    const remove = await call(`/api/blade-system/param/remove?ids=${id}`, { token: tester, method: 'POST' });
    expect(remove.status).toBe(403);
  });

  it('refuses a list the role has no menu for, and lets the administrator through everywhere', async () => {
    expect((await call('/api/blade-log/error/list', { token: tester })).status).toBe(403);
    expect((await call('/api/blade-log/error/list', { token: admin })).body.success).toBe(true);
    expect((await call('/api/blade-desk/notice/list', { token: tester })).body.success).toBe(true);
    expect((await call('/api/blade-desk/notice/submit', { token: tester, json: { title: 'x', category: 1, releaseTime: '2024-01-01 00:00:00' } })).status).toBe(403);
  });
});

describe('notices', () => {
  it('are seeded with titles, dictionary categories and release times, newest first', async () => {
    const page = (await call('/api/blade-desk/notice/list?current=1&size=10', { token: admin })).body.data;
    expect(page.total).toBeGreaterThanOrEqual(3);
    const times = page.records.map((notice: { releaseTime: string }) => notice.releaseTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.records[0]).toMatchObject({ title: expect.any(String), category: expect.any(Number) });
  });
});

describe('profile', () => {
  it('user/info answers the caller with role and dept names, never a password', async () => {
    const info = (await call('/api/blade-system/user/info', { token: tester })).body.data;
    expect(info).toMatchObject({ account: 'tester', roleName: '普通用户,通知查看', deptName: '管理组,测试部' });
    expect(info.roleId.split(',')).toHaveLength(2);
    expect(JSON.stringify(info)).not.toMatch(/password|\$2[aby]\$/);
  });

  it('update-info checks the phone and saves only the caller own fields', async () => {
    const short = await call('/api/blade-system/user/update-info', { token: tester, json: { phone: '1380000' } });
    expect(short.body).toMatchObject({ code: 400, msg: '手机号码长度不为11位' });
    const saved = await call('/api/blade-system/user/update-info', {
      token: tester,
      json: { realName: '测试员甲', phone: '13800000000', email: 'tester@example.com', roleId: '1', avatar: '/a.png' },
    });
    expect(saved.body.success).toBe(true);
    const info = (await call('/api/blade-system/user/info', { token: tester })).body.data;
    expect(info).toMatchObject({ realName: '测试员甲', avatar: '/a.png' });
    expect(info.roleId.split(',')).toHaveLength(2);
  });

  it('update-password needs the right old password and two equal new ones', async () => {
    // An account of its own (registered here), so no other test sees its password change.
    const account = `pw${Date.now() % 1000000}`;
    const registered = await withRegistrationOpen(admin, () =>
      call(
        `/api/blade-auth/oauth/token?${new URLSearchParams({ tenantId: '000000', grant_type: 'register', account, password: md5('Old-pass-1') })}`,
        { method: 'POST', headers: { 'Tenant-Id': '000000' } },
      ),
    );
    const token = registered.body.access_token as string;
    const change = (oldPassword: string, newPassword: string, newPassword1: string) =>
      call(`/api/blade-system/user/update-password?${new URLSearchParams({ oldPassword, newPassword, newPassword1 })}`, {
        token,
        method: 'POST',
      });
    expect((await change(md5('Old-pass-1'), md5('New-pass-1'), md5('New-pass-2'))).body.msg).toBe('两次密码输入不一致');
    expect((await change(md5('wrong'), md5('New-pass-1'), md5('New-pass-1'))).body.msg).toBe('原密码不正确');
    expect((await change(md5('Old-pass-1'), md5('New-pass-1'), md5('New-pass-1'))).body.success).toBe(true);
    expect((await login({ account, password: 'New-pass-1' })).account).toBe(account);
  });
});

describe('uploads', () => {
  it('stores a file and serves it back from its link with its content type, without a token', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e8b1b60000000049454e44ae426082', 'hex');
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'avatar.png');
    const response = await fetch(`${serverUrl()}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${tester}` },
      body: form,
    });
    const body = await response.json();
    expect(body.data).toMatchObject({ originalName: 'avatar.png', link: expect.stringMatching(/^\/api\/blade-resource\/oss\/endpoint\/file\/\w+\.png$/) });
    const served = await fetch(`${serverUrl()}${body.data.link}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
  });

  it('serves HTML uploads as downloads and refuses uploads without a token', async () => {
    const form = new FormData();
    form.append('file', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), 'x.html');
    const response = await fetch(`${serverUrl()}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${tester}` },
      body: form,
    });
    const { link } = (await response.json()).data;
    const served = await fetch(`${serverUrl()}${link}`);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment/);

    const anonymous = await fetch(`${serverUrl()}/api/blade-resource/oss/endpoint/put-file`, { method: 'POST', body: form });
    expect((await anonymous.json()).code).toBe(401);
  });
});

describe('error logs and cache', () => {
  it('POST oauth/logout stores the uploaded logs (session kept) and error/list shows them in the tenant', async () => {
    const logs = [{ type: 'error', message: `boom ${Date.now()}`, stack: 'at x', url: '/wel/index', time: '2024-01-01 10:00:00' }];
    const upload = await call('/api/blade-auth/oauth/logout', { token: tester, json: logs });
    expect(upload.body).toMatchObject({ code: 200, data: { stored: 1 } });
    expect((await call('/api/blade-system/user/info', { token: tester })).body.success).toBe(true);
    expect((await call('/api/blade-auth/oauth/logout', { json: logs })).body.code).toBe(401);

    const page = (await call('/api/blade-log/error/list', { token: admin })).body.data;
    const stored = page.records.find((log: { message: string }) => log.message === logs[0].message);
    expect(stored).toMatchObject({ account: 'tester', url: '/wel/index', type: 'error' });
    const detail = await call(`/api/blade-log/error/detail?id=${stored.id}`, { token: admin });
    expect(detail.body.data.stack).toBe('at x');
  });

  it('clear-cache answers success', async () => {
    expect((await call('/api/blade-auth/oauth/clear-cache', { token: admin })).body).toMatchObject({ code: 200, success: true });
  });
});

describe('role and dept selects', () => {
  it('list the whole tenant without userId', async () => {
    const roles = (await call('/api/blade-system/role/select', { token: admin })).body.data;
    expect(roles.map((role: { roleAlias: string }) => role.roleAlias)).toEqual(expect.arrayContaining(['administrator', 'user', 'notice_reader']));
    const depts = (await call('/api/blade-system/dept/select', { token: admin })).body.data;
    expect(depts.length).toBeGreaterThanOrEqual(2);
  });
});
