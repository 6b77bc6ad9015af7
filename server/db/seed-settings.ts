import { ADMIN_TENANT } from '../blade/context';
import { nextId } from '../blade/ids';
import { SCOPE_CATEGORY } from '../blade/role-scopes';
import { seedApiScope, seedDataScope, seedParams, seedTenantPackage } from './seed-data/settings';
import type { Db } from './types';

interface SettingsSeed {
  /** Id of the datasource standing for this server's own database. */
  embeddedDatasource: string;
  now: string;
  adminId: string;
  adminDept: string;
  administratorRole: string;
  /** Ids of the seeded menus by code. */
  idByCode: Map<string, string>;
}

/** Inserts a row under a fixed id unless that id, or a live row with the same natural key, is there already. */
async function insertMissing(db: Db, existsSql: string, existsParams: unknown[], insert: () => Promise<unknown>) {
  const found = await db.query(existsSql, existsParams);
  if (found.length === 0) await insert();
}

/** The menu ids of `codes` and of every menu and button below them. */
async function menuIdsUnder(db: Db, codes: string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH RECURSIVE tree AS (
       SELECT id FROM blade_menu WHERE code = ANY(string_to_array($1, ',')) AND is_deleted = 0
       UNION SELECT m.id FROM blade_menu m JOIN tree ON m.parent_id = tree.id WHERE m.is_deleted = 0
     ) SELECT id::text AS id FROM tree ORDER BY id`,
    [codes.join(',')],
  );
  return rows.map((row) => row.id);
}

/**
 * The administrator tenant's parameters and one example each of a data scope, an API scope (both granted to the
 * administrator role) and a tenant package. A parameter is added when no live one has its key.
 */
export async function seedSettings(db: Db, seed: SettingsSeed): Promise<void> {
  const audit = [seed.adminId, seed.adminDept, seed.now];
  for (const param of seedParams) {
    await insertMissing(db, 'SELECT 1 FROM blade_param WHERE id = $1 OR (tenant_id = $2 AND param_key = $3 AND is_deleted = 0)', [param.id, ADMIN_TENANT, param.key], () =>
      db.query(
        `INSERT INTO blade_param (id, tenant_id, param_name, param_key, param_value, remark, create_user, create_dept, create_time, update_user, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $7, $9)`,
        [param.id, ADMIN_TENANT, param.name, param.key, param.value, param.remark, ...audit],
      ),
    );
  }

  const grantAdministrator = async (category: number, scopeId: string) =>
    db.query('INSERT INTO blade_role_scope (id, scope_category, scope_id, role_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      nextId(),
      category,
      scopeId,
      seed.administratorRole,
    ]);
  const data = seedDataScope;
  const dataMenu = seed.idByCode.get(data.menuCode);
  if (dataMenu) {
    await insertMissing(db, 'SELECT 1 FROM blade_scope_data WHERE id = $1', [data.id], async () => {
      await db.query(
        `INSERT INTO blade_scope_data (id, tenant_id, menu_id, resource_code, scope_name, scope_column, scope_type, remark, create_user, create_dept, create_time, update_user, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $9, $11)`,
        [data.id, ADMIN_TENANT, dataMenu, data.menuCode, data.scopeName, data.scopeColumn, data.scopeType, data.remark, ...audit],
      );
      await grantAdministrator(SCOPE_CATEGORY.data, data.id);
    });
  }
  const api = seedApiScope;
  const apiMenu = seed.idByCode.get(api.menuCode);
  if (apiMenu) {
    await insertMissing(db, 'SELECT 1 FROM blade_scope_api WHERE id = $1', [api.id], async () => {
      await db.query(
        `INSERT INTO blade_scope_api (id, tenant_id, menu_id, resource_code, scope_name, scope_path, scope_type, remark, create_user, create_dept, create_time, update_user, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $9, $11)`,
        [api.id, ADMIN_TENANT, apiMenu, api.menuCode, api.scopeName, api.scopePath, api.scopeType, api.remark, ...audit],
      );
      await grantAdministrator(SCOPE_CATEGORY.api, api.id);
    });
  }

  const pack = seedTenantPackage;
  await insertMissing(db, 'SELECT 1 FROM blade_tenant_package WHERE id = $1 OR (package_name = $2 AND is_deleted = 0)', [pack.id, pack.packageName], async () =>
    db.query(
      `INSERT INTO blade_tenant_package (id, tenant_id, package_name, menu_id, remark, create_user, create_dept, create_time, update_user, update_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $6, $8)`,
      [pack.id, ADMIN_TENANT, pack.packageName, (await menuIdsUnder(db, pack.menuCodes)).join(','), pack.remark, ...audit],
    ),
  );

  // The code generator models tables of this server's own database through this datasource (when the registry has
  // datasources at all); its address is never connected to.
  const [datasources] = await db.query<{ present: boolean }>("SELECT to_regclass('blade_datasource') IS NOT NULL AS present");
  if (datasources?.present) {
    await insertMissing(db, 'SELECT 1 FROM blade_datasource WHERE id = $1', [seed.embeddedDatasource], () =>
      db.query(
        `INSERT INTO blade_datasource (id, tenant_id, name, driver_class, url, username, remark, create_user, create_dept, create_time, update_user, update_time)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $8, $10)`,
        [seed.embeddedDatasource, ADMIN_TENANT, '本系统数据库', 'org.postgresql.Driver', 'postgres://embedded', 'blade', '本系统自身的数据库: 数据模型读取它的表结构', ...audit],
      ),
    );
  }
}
