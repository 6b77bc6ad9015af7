import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin } from './client';

let admin: string;

beforeAll(async () => {
  admin = await loginAdmin();
});

describe('error logs', () => {
  it("answer the whole count past the first page (a migration's table is counted like the others)", async () => {
    const before = (await call('/api/blade-log/error/list?size=10', { token: admin })).body.data.total as number;
    const logs = Array.from({ length: 12 }, (_, n) => ({ type: 'error', message: `count check ${n}`, stack: '', url: '/x', time: '' }));
    const stored = await call('/api/blade-auth/oauth/logout', { token: admin, json: logs });
    expect(stored.body.code, stored.text).toBe(200);
    const page = await call('/api/blade-log/error/list?current=1&size=10', { token: admin });
    expect(page.body.data.records).toHaveLength(10);
    expect(page.body.data.total).toBe(before + 12);
  });
});
