import type { Context } from 'hono';
import type { BladeEnv, BladeUser } from '../../server/blade/context';
import type { ResourceStore } from '../../server/blade/crud';
import { R } from '../../server/blade/envelope';
import { badRequest } from '../../server/blade/errors';
import { scopedWhere } from '../../server/blade/scope';
import { formatDateTime } from '../../server/blade/serializer';
import type { Db } from '../../server/db/types';
import { batchesOf } from '../../server/blade/batch';
import { cellErrorText, pagesOf, readXlsxRows, receiveXlsx, xlsxResponse, type CellError, type ExcelColumn, type SheetRow } from '../../server/excel';
import { assertQuota, deptPathsOf, deptResolver, initPasswordOf, pageOf, splitIds } from './lookups';
import { userSchema } from './schema';

/** The user sheets: 导出 (the list as it is filtered, departments by full path) and 导入 (checked, then saved). */

type Row = Record<string, unknown>;

const fieldOf = (name: string) => userSchema.fields.find((field) => field.name === name)!;

/**
 * The import sheet: account, names, phone, email, user type, roles and posts by name, departments by full path (or
 * number, or a name no other department has), each comma-joined.
 */
export const IMPORT_COLUMNS: ExcelColumn<never>[] = [
  // The sample row names no real account: imported with 覆盖 it would overwrite that user.
  { key: 'account', header: '登录账号', required: true, maxLength: 45, example: 'sample_import_user', width: 16 },
  { key: 'name', header: '用户昵称', required: true, maxLength: 20, example: '示例用户', width: 14 },
  { key: 'realName', header: '用户姓名', required: true, maxLength: 10, example: '示例用户', width: 12 },
  { key: 'phone', header: '手机号码', maxLength: 45, example: '13800000001', width: 14 },
  { key: 'email', header: '电子邮箱', maxLength: 45, example: 'sample_import_user@example.com', width: 22 },
  { key: 'userType', header: '用户平台', example: 'WEB', width: 10 },
  { key: 'roleName', header: '所属角色', required: true, example: '普通用户', width: 16 },
  { key: 'deptName', header: '所属部门', required: true, example: '管理组', width: 16 },
  { key: 'postName', header: '所属岗位', example: '', width: 16 },
];

const EXPORT_COLUMNS: ExcelColumn<Row>[] = [
  { key: 'account', header: '登录账号', width: 16 },
  { key: 'name', header: '用户昵称', width: 14 },
  { key: 'realName', header: '用户姓名', width: 12 },
  { key: 'phone', header: '手机号码', width: 14 },
  { key: 'email', header: '电子邮箱', width: 22 },
  { key: 'userTypeName', header: '用户平台', width: 10 },
  { key: 'roleName', header: '所属角色', width: 16 },
  // Full paths: a name two departments share would not find its department again on import.
  { key: 'deptPath', header: '所属部门', width: 24 },
  { key: 'postName', header: '所属岗位', width: 16 },
];

/** Sheet column a store refusal belongs to, by the field's messages. */
function columnOfMessage(message: string): string {
  const headers: Record<string, string> = { account: '登录账号', name: '用户昵称', realName: '用户姓名', phone: '手机号码', email: '电子邮箱', userType: '用户平台', roleId: '所属角色', deptId: '所属部门', postId: '所属岗位' };
  if (message.startsWith('手机号码')) return '手机号码';
  for (const [name, header] of Object.entries(headers)) {
    const field = fieldOf(name);
    if (message === field.required || message === field.unique || message.includes(field.label.zh)) return header;
  }
  if (message.includes('角色')) return '所属角色';
  if (message.includes('部门')) return '所属部门';
  if (message.includes('岗位')) return '所属岗位';
  return '登录账号';
}

/** 导出: every page of the list as it is filtered, departments by their full path. */
export async function exportUsers(store: ResourceStore, db: Db, user: BladeUser, query: Record<string, string>) {
  const paths = new Map((await deptPathsOf(db, user.tenantId)).map((dept) => [dept.id, dept.path]));
  const rows = pagesOf(async (offset, limit) => {
    const page = await pageOf(store, db, user, { ...query, current: String(offset / limit + 1), size: String(limit) });
    return (page.records as Row[]).map((row) => ({ ...row, deptPath: splitIds(row.deptId).flatMap((id) => paths.get(id) ?? []).join(',') }));
  }, 500);
  return xlsxResponse(`用户数据${formatDateTime(new Date()).slice(0, 10)}.xlsx`, EXPORT_COLUMNS, rows);
}

interface ImportRow {
  row: number;
  body: Row;
  /** The account as the sheet gives it, trimmed. */
  account: string;
  errors: CellError[];
  /** The id of the tenant's user who has the row's account already. */
  existing?: string;
}

/**
 * 导入: every row of the sheet checked (names to ids, the store's own validation) before any is saved, a batch of
 * rows at a time; then the file is read again and saved a batch at a time (new accounts by one insert per batch, an
 * existing account overwritten only with `isCovered=1`). Memory holds one batch, whatever the file's length.
 */
export async function importUsers(c: Context<BladeEnv>, store: ResourceStore, db: Db, user: BladeUser) {
  const covered = c.req.query('isCovered') === '1';
  const file = await receiveXlsx(c);
  const byName = async (table: 'blade_role' | 'blade_dept' | 'blade_post', column: string) => {
    const scope = scopedWhere(user, {});
    const rows = await db.query<{ id: string; name: string }>(`SELECT id::text AS id, ${column} AS name FROM ${table} WHERE ${scope.where}`, scope.values);
    return new Map(rows.map((row) => [row.name, row.id]));
  };
  const [roles, posts] = await Promise.all([byName('blade_role', 'role_name'), byName('blade_post', 'post_name')]);
  const deptOf = deptResolver(await deptPathsOf(db, user.tenantId));
  const types = await db.cachedQuery<{ dict_key: string; dict_value: string }>(
    "SELECT dict_key, dict_value FROM blade_dict WHERE code = 'user_type' AND parent_id > 0 AND is_deleted = 0",
  );
  const initPassword = await initPasswordOf(db, user.tenantId);
  const withPassword = (body: Row) => ({ ...body, password: initPassword, password2: initPassword });

  /** A sheet row as a user body, with what it got wrong so far; `seen` holds the accounts of the rows before it. */
  const importRowOf = (sheetRow: SheetRow, seen: Map<string, number>): ImportRow => {
    const errors = [...sheetRow.errors];
    const fail = (column: string, message: string) => errors.push({ row: sheetRow.row, column, message, text: cellErrorText(sheetRow.row, column, message) });
    const v = sheetRow.values as Record<string, string | undefined>;
    const namesToIds = (text: string | undefined, map: Map<string, string>, column: string) => {
      const ids: string[] = [];
      for (const name of (text ?? '').split(/[,，]/).map((part) => part.trim()).filter(Boolean)) {
        const found = map.get(name);
        if (found) ids.push(found);
        else fail(column, `「${name}」不存在`);
      }
      return ids.join(',');
    };
    const deptIds = () => {
      const ids: string[] = [];
      for (const text of (v.deptName ?? '').split(/[,，]/).map((part) => part.trim()).filter(Boolean)) {
        const resolved = deptOf(text);
        if ('id' in resolved) ids.push(resolved.id);
        else fail('所属部门', resolved.problem);
      }
      return ids.join(',');
    };
    const body: Row = {
      account: v.account,
      name: v.name,
      realName: v.realName,
      phone: v.phone === undefined ? undefined : String(v.phone),
      email: v.email,
      roleId: namesToIds(v.roleName, roles, '所属角色'),
      deptId: deptIds(),
      postId: namesToIds(v.postName, posts, '所属岗位'),
    };
    if (v.userType !== undefined) {
      const type = types.find((item) => item.dict_value === String(v.userType) || item.dict_key === String(v.userType));
      if (type) body.userType = Number(type.dict_key);
      else fail('用户平台', `「${v.userType}」不存在`);
    }
    const account = typeof v.account === 'string' ? v.account.trim() : '';
    if (account) {
      const first = seen.get(account);
      if (first !== undefined) fail('登录账号', `与第${first}行的登录账号重复`);
      else seen.set(account, sheetRow.row);
    }
    return { row: sheetRow.row, body, errors, account };
  };

  /** A batch of sheet rows as import rows, the accounts the tenant has already found with one query. */
  const importRowsOf = async (sheetRows: SheetRow[], seen: Map<string, number>): Promise<ImportRow[]> => {
    const rows = sheetRows.map((sheetRow) => importRowOf(sheetRow, seen));
    const accounts = rows.filter((row) => row.errors.length === 0 && row.account).map((row) => row.account);
    if (accounts.length === 0) return rows;
    const scope = scopedWhere(user, {}, 'account = ANY(ARRAY(SELECT jsonb_array_elements_text($1::jsonb)))', [JSON.stringify(accounts)]);
    const found = await db.query<{ id: string; account: string }>(`SELECT id::text AS id, account FROM blade_user WHERE ${scope.where}`, scope.values);
    const idOf = new Map(found.map((row) => [row.account, row.id]));
    return rows.map((row) => ({ ...row, existing: row.errors.length === 0 ? idOf.get(row.account) : undefined }));
  };

  // First reading: every row checked, nothing saved. Up to 50 errors are shown.
  const errors: CellError[] = [];
  let added = 0;
  const seen = new Map<string, number>();
  for await (const sheetRows of batchesOf(readXlsxRows(file.bytes, IMPORT_COLUMNS))) {
    const rows = await importRowsOf(sheetRows, seen);
    // An existing account is checked only when it is overwritten; it is skipped otherwise.
    const checked = rows.filter((row) => row.errors.length === 0 && (!row.existing || covered));
    const checks = await store.validateMany({ user }, checked.map((row) => withPassword(row.existing ? { ...row.body, account: row.account } : row.body)));
    checked.forEach((row, index) => {
      const refusal = checks[index].error;
      // The account itself is taken by the row being overwritten: not a problem of this row.
      if (!refusal || (row.existing && refusal.message === '当前用户已存在')) return;
      const column = columnOfMessage(refusal.message);
      row.errors.push({ row: row.row, column, message: refusal.message, text: cellErrorText(row.row, column, refusal.message) });
    });
    for (const row of rows) {
      errors.push(...row.errors.slice(0, Math.max(0, 50 - errors.length)));
      if (row.errors.length === 0 && !row.existing) added += 1;
    }
  }
  if (errors.length > 0) throw badRequest(errors.map((error) => error.text).join('\n'));
  await assertQuota(db, user.tenantId, added);

  // Second reading: the same rows saved, a batch at a time.
  let total = 0;
  let imported = 0;
  let skipped = 0;
  for await (const sheetRows of batchesOf(readXlsxRows(file.bytes, IMPORT_COLUMNS))) {
    const rows = await importRowsOf(sheetRows, new Map());
    // Something the check found has gone since (a role removed meanwhile): refused as the check would.
    const changed = rows.find((row) => row.errors.length > 0);
    if (changed) throw badRequest(changed.errors[0].text);
    total += rows.length;
    imported += (await store.insertMany({ user }, rows.filter((row) => !row.existing).map((row) => withPassword(row.body)))).length;
    for (const row of rows.filter((candidate) => candidate.existing)) {
      if (!covered) skipped += 1;
      else if (await store.submit(user, { ...row.body, id: row.existing })) imported += 1;
    }
  }
  return R.data({ total, imported, skipped });
}
