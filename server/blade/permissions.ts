import type { MiddlewareHandler } from 'hono';
import type { Db } from '../db/types';
import { isAdministrator, type BladeEnv, type BladeUser } from './context';
import { forbidden } from './errors';
import { grantRead } from './grant-reads';

/**
 * API permissions (issue 3): the server refuses what the front end hides. A role holds menu and button codes
 * (`blade_role_menu`); a button code is `<menuCode>_<alias>`. The administrator role passes every check.
 */

interface Grants {
  /** Every granted menu and button code. */
  codes: Set<string>;
  /** Codes of the menus whose buttons are granted (a granted button implies its screen). */
  menusOfButtons: Set<string>;
}

const roleIdsOf = (user: BladeUser) => user.roleId.split(',').filter((id) => /^\d+$/.test(id)).join(',');

async function grantsOf(db: Db, user: BladeUser): Promise<Grants> {
  const rows = await grantRead<{ code: string | null; parent_code: string | null }>(
    db,
    user,
    `SELECT m.code, p.code AS parent_code FROM blade_role_menu rm
     JOIN blade_menu m ON m.id = rm.menu_id AND m.is_deleted = 0
     LEFT JOIN blade_menu p ON p.id = m.parent_id AND p.is_deleted = 0
     WHERE rm.role_id = ANY(string_to_array($1, ',')::bigint[])`,
    [roleIdsOf(user)],
  );
  const grants: Grants = { codes: new Set(), menusOfButtons: new Set() };
  for (const row of rows) {
    if (row.code) grants.codes.add(row.code);
    if (row.parent_code) grants.menusOfButtons.add(row.parent_code);
  }
  return grants;
}

/** The caller holds the button (or menu) `code`. */
export async function hasCode(db: Db, user: BladeUser, code: string): Promise<boolean> {
  if (isAdministrator(user)) return true;
  return (await grantsOf(db, user)).codes.has(code);
}

/** The caller may open the screen `menuCode`: it holds the menu or any of its buttons. */
export async function hasMenu(db: Db, user: BladeUser, menuCode: string): Promise<boolean> {
  if (isAdministrator(user)) return true;
  const grants = await grantsOf(db, user);
  return grants.codes.has(menuCode) || grants.menusOfButtons.has(menuCode);
}

/** Answers 403 `请求被拒绝` unless the caller holds `code`. */
export async function assertCode(db: Db, user: BladeUser, code: string): Promise<void> {
  if (!(await hasCode(db, user, code))) throw forbidden();
}

/** Answers 403 `请求被拒绝` unless the caller may open the screen `menuCode`. */
export async function assertMenu(db: Db, user: BladeUser, menuCode: string): Promise<void> {
  if (!(await hasMenu(db, user, menuCode))) throw forbidden();
}

/** Route guard: the caller must be able to open the screen `menuCode`. */
export const requireMenu =
  (db: Db, menuCode: string): MiddlewareHandler<BladeEnv> =>
  async (c, next) => {
    await assertMenu(db, c.get('user'), menuCode);
    return next();
  };
