import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/app';
import { formatDateTime } from '../../server/blade/serializer';
import { hashPassword, SEED_IDS } from '../../server/db/seed';
import { call, md5, requestToken, SABER_BASIC } from './client';
import { registry } from '../../resources/schemas';
import { freshDataDir } from './data-dir';

/**
 * A server of its own: these tests lock, re-password and remove accounts, and read the database to create them.
 * With TEST_DATABASE_URL the shared server owns that database, so this one stays on PGlite.
 */
let server: RunningServer;
let dataDir: string;
let nextUser = 1;
/** Above what the other tests of this file send in a minute; the last test spends the rest. */
const TOKEN_RATE = 150;

beforeAll(async () => {
  dataDir = freshDataDir('blade-session-test-');
  server = await startServer({ port: 0, dataDir, adminPassword: 'Session-admin1', captcha: false, tokenRatePerMinute: TOKEN_RATE }, { resources: registry });
});

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh account of role `user` in tenant 000000. */
async function newUser(password = 'Session-pass1', roleId: string = SEED_IDS.userRole) {
  const account = `session${nextUser++}`;
  const id = String(1950000000000000000n + BigInt(nextUser));
  await server.db.query(
    `INSERT INTO blade_user (id, tenant_id, account, password, name, real_name, role_id, dept_id, post_id, create_time, update_time)
     VALUES ($1, '000000', $2, $3, $2, $2, $4, $5, '', '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
    [id, account, await hashPassword(password), roleId, SEED_IDS.dept],
  );
  return { id, account, password };
}

const base = () => ({ base: server.url });
const token = (credentials: { account: string; password: string }) => requestToken(credentials, base());
const userInfo = (accessToken: string) => call('/api/blade-auth/oauth/user-info', { token: accessToken, ...base() });
const refresh = (refreshToken: string) =>
  call(`/api/blade-auth/oauth/token?${new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken })}`, {
    method: 'POST',
    headers: { 'Tenant-Id': '000000' },
    ...base(),
  });

async function signIn(credentials: { account: string; password: string }) {
  const answer = await token(credentials);
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { access_token: string; refresh_token: string };
}

async function expectSignedOut(session: { access_token: string; refresh_token: string }) {
  expect((await userInfo(session.access_token)).body).toMatchObject({ code: 401, success: false });
  const refreshed = await refresh(session.refresh_token);
  expect(refreshed.status).toBe(400);
  expect(refreshed.body.access_token).toBeUndefined();
}

describe('sessions end', () => {
  it('at logout: the access token stops working, not only the refresh token', async () => {
    const user = await newUser();
    const session = await signIn(user);
    expect((await userInfo(session.access_token)).body.code).toBe(200);
    expect((await call('/api/blade-auth/oauth/logout', { token: session.access_token, ...base() })).body.code).toBe(200);
    await expectSignedOut(session);
  });

  it('at a password change: every session of the user, the changing one included', async () => {
    const user = await newUser();
    const first = await signIn(user);
    const second = await signIn(user);
    const query = new URLSearchParams({ oldPassword: md5(user.password), newPassword: md5('Changed-pass1'), newPassword1: md5('Changed-pass1') });
    const changed = await call(`/api/blade-system/user/update-password?${query}`, { method: 'POST', token: first.access_token, ...base() });
    expect(changed.body.code).toBe(200);
    await expectSignedOut(first);
    await expectSignedOut(second);
    await signIn({ account: user.account, password: 'Changed-pass1' });
  });

  it('at the lock-out: five wrong passwords end the sessions and refuse the refresh grant', async () => {
    const user = await newUser();
    const session = await signIn(user);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await token({ account: user.account, password: 'wrong' })).body.error_code).toBe(2004);
    }
    await expectSignedOut(session);
    expect((await token(user)).body.error_code).toBe(2003);
  });

  it('when the user is removed or disabled, whatever code path does it', async () => {
    const removed = await newUser();
    const removedSession = await signIn(removed);
    await server.db.query('UPDATE blade_user SET is_deleted = 1 WHERE id = $1', [removed.id]);
    await expectSignedOut(removedSession);

    const disabled = await newUser();
    const disabledSession = await signIn(disabled);
    await server.db.query('UPDATE blade_user SET status = 0 WHERE id = $1', [disabled.id]);
    await expectSignedOut(disabledSession);
  });

  it("when their tenant is recycled, its licence is cut short, or its licence runs out while they work", async () => {
    const memberOf = async (tenantId: string, expireTime: string | null) => {
      const tenantRowId = String(1960000000000000000n + BigInt(nextUser));
      await server.db.query(
        `INSERT INTO blade_tenant (id, tenant_id, tenant_name, expire_time, create_time, update_time)
         VALUES ($1, $2, $2, $3, '2024-01-01 00:00:00', '2024-01-01 00:00:00')`,
        [tenantRowId, tenantId, expireTime],
      );
      const user = await newUser();
      await server.db.query('UPDATE blade_user SET tenant_id = $1 WHERE id = $2', [tenantId, user.id]);
      return { ...user, tenantId };
    };
    const wallClock = (date: Date) => formatDateTime(date);

    const recycled = await memberOf('300001', null);
    const recycledSession = await signIn(recycled);
    expect((await userInfo(recycledSession.access_token)).body.code).toBe(200);
    await server.db.query("UPDATE blade_tenant SET status = 2 WHERE tenant_id = '300001'");
    await expectSignedOut(recycledSession);

    const shortened = await memberOf('300002', wallClock(new Date(Date.now() + 3_600_000)));
    const shortenedSession = await signIn(shortened);
    expect((await userInfo(shortenedSession.access_token)).body.code).toBe(200);
    await server.db.query("UPDATE blade_tenant SET expire_time = '2020-01-01 00:00:00' WHERE tenant_id = '300002'");
    await expectSignedOut(shortenedSession);

    // Nothing is written when the time comes: the session check itself knows until when the licence runs.
    const lapsing = await memberOf('300003', wallClock(new Date(Date.now() + 2_000)));
    const lapsingSession = await signIn(lapsing);
    expect((await userInfo(lapsingSession.access_token)).body.code).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await expectSignedOut(lapsingSession);
  });

  it('keeps other users signed in', async () => {
    const stays = await newUser();
    const session = await signIn(stays);
    const other = await newUser();
    const otherSession = await signIn(other);
    await call('/api/blade-auth/oauth/logout', { token: otherSession.access_token, ...base() });
    expect((await userInfo(session.access_token)).body.code).toBe(200);
    expect((await refresh(session.refresh_token)).body.access_token).toBeTruthy();
  });
});

describe('lock-out under a burst', () => {
  it('checks at most five passwords of forty parallel guesses, and a right one in the burst gets no token', async () => {
    const user = await newUser();
    const guesses = Array.from({ length: 40 }, (_, index) => (index === 30 ? user.password : `wrong-${index}`));
    const answers = await Promise.all(guesses.map((password) => token({ account: user.account, password })));
    const checked = answers.filter((answer) => answer.body.error_code === 2004 || answer.body.access_token);
    const refused = answers.filter((answer) => answer.body.error_code === 2003);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(refused.length).toBe(40 - checked.length);
    expect((await token(user)).body.error_code).toBe(2003);
  });

  it('is lifted by an administrator unlock', async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < 5; attempt++) await token({ account: user.account, password: 'wrong' });
    expect((await token(user)).body.error_code).toBe(2003);
    const admin = await signIn({ account: 'admin', password: 'Session-admin1' });
    const unlocked = await call(`/api/blade-system/user/unlock?userIds=${user.id}`, { method: 'POST', token: admin.access_token, ...base() });
    expect(unlocked.body.success).toBe(true);
    await signIn(user);
  });
});

describe('put-file', () => {
  async function upload(accessToken: string) {
    const form = new FormData();
    form.append('file', new Blob(['hello']), 'hello.txt');
    const response = await fetch(`${server.url}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: { Authorization: SABER_BASIC, 'Blade-Auth': `bearer ${accessToken}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  }

  it('needs a role that may add or edit something', async () => {
    const readOnly = await signIn(await newUser('Session-pass1', ''));
    expect(await upload(readOnly.access_token)).toMatchObject({ status: 403, body: { code: 403 } });
    const editor = await signIn(await newUser());
    expect(await upload(editor.access_token)).toMatchObject({ status: 200, body: { code: 200 } });
  });
});

// Last in the file: it spends this server's token budget for the current minute.
describe('the token endpoint rate limit', () => {
  it('answers 429 with Retry-After once a client address exceeds its requests per minute', async () => {
    let limited: Response | undefined;
    // Twice the budget: a new minute may begin during the loop and start the count over once.
    for (let attempt = 0; attempt <= 2 * TOKEN_RATE + 5 && !limited; attempt++) {
      const response = await fetch(`${server.url}/api/blade-auth/oauth/token`, { method: 'POST', headers: { Authorization: SABER_BASIC } });
      if (response.status === 429) limited = response;
      else await response.arrayBuffer();
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited!.json()).toEqual({ error_code: 429, error_description: '请求过于频繁,请稍后再试' });
  });
});
