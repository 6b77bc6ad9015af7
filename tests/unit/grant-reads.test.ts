import { describe, expect, it } from 'vitest';
import type { BladeUser } from '../../server/blade/context';
import { grantRead } from '../../server/blade/grant-reads';
import type { Db } from '../../server/db/types';

/** Grants are read once per revision of sessions and grants, and every time where the request has none. */
describe('grant reads', () => {
  const countingDb = () => {
    let reads = 0;
    const db = { cachedQuery: async () => [{ code: `read ${++reads}` }] } as unknown as Db;
    return { db, reads: () => reads };
  };
  const user = (authRevision?: string) => ({ roleId: '1', tenantId: '000000', authRevision }) as BladeUser;
  const sql = 'SELECT m.code FROM blade_role_menu rm JOIN blade_menu m ON m.id = rm.menu_id WHERE rm.role_id = $1 /* unit */';

  it('keeps a read at its revision and reads again once the revision moved', async () => {
    const { db, reads } = countingDb();
    expect(await grantRead(db, user('7'), sql, ['1'])).toEqual([{ code: 'read 1' }]);
    expect(await grantRead(db, user('7'), sql, ['1'])).toEqual([{ code: 'read 1' }]);
    expect(reads()).toBe(1);
    expect(await grantRead(db, user('8'), sql, ['1'])).toEqual([{ code: 'read 2' }]);
    // Other values are another read.
    expect(await grantRead(db, user('8'), sql, ['2'])).toEqual([{ code: 'read 3' }]);
    expect(reads()).toBe(3);
  });

  it('keeps the reads of two databases apart, though their revisions and values are the same', async () => {
    const first = countingDb();
    const second = countingDb();
    await grantRead(first.db, user('3'), sql, ['5']);
    expect(await grantRead(second.db, user('3'), sql, ['5'])).toEqual([{ code: 'read 1' }]);
    expect([first.reads(), second.reads()]).toEqual([1, 1]);
  });

  it('reads every time for a caller whose request ran no session check', async () => {
    const { db, reads } = countingDb();
    await grantRead(db, user(), sql, ['9']);
    await grantRead(db, user(), sql, ['9']);
    expect(reads()).toBe(2);
  });
});
