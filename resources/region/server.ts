import type { Context } from 'hono';
import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { ADMIN_TENANT, type BladeEnv, type BladeUser } from '../../server/blade/context';
import { R, send } from '../../server/blade/envelope';
import { idList } from '../../server/blade/crud';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { SqlParams } from '../../server/blade/query';
import { scopedRows } from '../../server/blade/scope';
import type { Db } from '../../server/db/types';
import { REGION_ROOT } from './regionTree';

type Row = Record<string, unknown>;

const LEVELS = ['province', 'city', 'district', 'town', 'village'] as const;
const MAX_LEVEL = LEVELS.length;
/** Longest code a query may name (the column holds 12; anything longer matches nothing). */
const MAX_CODE_PARAM = 64;

interface RegionRow {
  code: string;
  name: string;
  ancestors: string | null;
  region_level: number | null;
  [column: string]: unknown;
}

/** Regions are shared by every tenant: only the administrator tenant maintains them. */
function assertPlatform(user: BladeUser) {
  if (user.tenantId !== ADMIN_TENANT) throw badRequest('行政区划只能由管理组维护');
}

function codeParam(c: Context<BladeEnv>, name: string, fallback?: string): string {
  const value = c.req.query(name) || fallback;
  if (value === undefined) throw badRequest(`${MSG.missingParam}: ${name}`);
  if (value.length > MAX_CODE_PARAM) throw badRequest(`${MSG.paramInvalid}: ${name}`);
  return value;
}

async function regionByCode(db: Db, user: BladeUser, code: string): Promise<RegionRow | undefined> {
  const params = new SqlParams();
  const [row] = await db.query<RegionRow>(
    `SELECT * FROM blade_region WHERE code = ${params.add(code)} AND ${scopedRows(user, params, { tenantScoped: false, resource: 'region' }).join(' AND ')}`,
    params.values,
  );
  return row;
}

/** The codes among `codes` that are some live region's parent. */
async function parentsAmong(db: Db, user: BladeUser, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const params = new SqlParams();
  const rows = await db.query<{ parent_code: string }>(
    `SELECT DISTINCT parent_code FROM blade_region
     WHERE parent_code IN (SELECT jsonb_array_elements_text(${params.add(JSON.stringify(codes))}::jsonb)) AND ${scopedRows(user, params, { tenantScoped: false, resource: 'region' }).join(' AND ')}`,
    params.values,
  );
  return new Set(rows.map((row) => row.parent_code));
}

/**
 * Region rules and BladeX's region calls. On add the parent comes from the body's `parentCode` (`00` or absent: a
 * province) and must exist; level, ancestors and the per-level codes and names follow from it. The parent never
 * changes afterwards; the code only while the region has no children (theirs would point nowhere). `detail?code=`,
 * `lazy-tree?parentCode=` (BladeX tree nodes keyed by code), `lazy-list`, `select?code=` (the children, for cascading
 * pickers); `remove?ids=` is refused while a region has children.
 */
export const behaviour: ResourceBehaviour = {
  /**
   * Regions are keyed by code in BladeX: Saber's 新增下级 sends the parent's row (its id) with a new code and the
   * parent's code as parentCode. A body whose parentCode is the code of the row its id names adds a child. Under a
   * province Saber's form has put the root's 00 in front of the province's code, and so of the child's code too
   * (0011, 001101): read without it, that is the province and its child.
   */
  async submitBody({ db, user, body }) {
    const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : '';
    const parentCode = typeof body.parentCode === 'string' || typeof body.parentCode === 'number' ? String(body.parentCode).trim() : '';
    if (!isIdText(id) || parentCode === '') return body;
    const params = new SqlParams();
    const [row] = await db.query<{ code: string; parent_code: string }>(
      `SELECT code, parent_code FROM blade_region WHERE id = ${params.add(id)} AND ${scopedRows(user, params, { tenantScoped: false, resource: 'region' }).join(' AND ')}`,
      params.values,
    );
    if (!row) return body;
    const code = String(body.code ?? '');
    const rootPrefixed = row.parent_code === REGION_ROOT && parentCode === `${REGION_ROOT}${row.code}` && code.startsWith(parentCode);
    if (!rootPrefixed && (row.code !== parentCode || code === parentCode)) return body;
    const { id: _parentId, ...child } = body;
    return rootPrefixed ? { ...child, parentCode: row.code, code: code.slice(REGION_ROOT.length) } : child;
  },
  async beforeWrite({ tx, user, isInsert, values, before, body }) {
    assertPlatform(user);
    const sentParent = typeof body.parentCode === 'string' || typeof body.parentCode === 'number' ? String(body.parentCode).trim() : '';
    if (!isInsert && before) {
      if (sentParent !== '' && sentParent !== before.parentCode) throw badRequest('上级区划不能修改');
      const code = values.code === undefined ? String(before.code) : String(values.code);
      if (code !== before.code && (await parentsAmong(tx, user, [String(before.code)])).size > 0) {
        throw badRequest('区划下有子区划，编号不能修改');
      }
      const level = Number(before.regionLevel);
      if (level >= 1 && level <= MAX_LEVEL) {
        values[`${LEVELS[level - 1]}Code`] = code;
        if (values.name !== undefined) values[`${LEVELS[level - 1]}Name`] = values.name;
      }
      return;
    }
    const parentCode = sentParent === '' ? REGION_ROOT : sentParent;
    if (parentCode.length > MAX_CODE_PARAM) throw badRequest('上级区划不存在');
    let level = 1;
    values.parentCode = parentCode;
    values.ancestors = REGION_ROOT;
    if (parentCode !== REGION_ROOT) {
      const parent = await regionByCode(tx, user, parentCode);
      if (!parent) throw badRequest('上级区划不存在');
      level = Number(parent.region_level ?? 0) + 1;
      if (level > MAX_LEVEL) throw badRequest('村级区划下不能再添加区划');
      values.ancestors = `${parent.ancestors || REGION_ROOT},${parent.code}`;
      for (const name of LEVELS.slice(0, level - 1)) {
        values[`${name}Code`] = parent[`${name}_code`] ?? null;
        values[`${name}Name`] = parent[`${name}_name`] ?? null;
      }
    }
    values.regionLevel = level;
    values[`${LEVELS[level - 1]}Code`] = values.code;
    values[`${LEVELS[level - 1]}Name`] = values.name;
  },

  async beforeRemove({ tx, user, ids }) {
    assertPlatform(user);
    const params = new SqlParams();
    const idArray = `string_to_array(${params.add(ids.join(','))}, ',')::bigint[]`;
    const [child] = await tx.query(
      `SELECT 1 FROM blade_region r
       WHERE r.parent_code IN (SELECT code FROM blade_region WHERE id = ANY(${idArray}) AND is_deleted = 0)
         AND NOT (r.id = ANY(${idArray})) AND ${scopedRows(user, params, { tenantScoped: false, alias: 'r' }).join(' AND ')}
       LIMIT 1`,
      params.values,
    );
    if (child) throw badRequest('请先删除子节点');
  },

  routes({ read, write, store, services }) {
    const base = store.schema.api;
    const { db } = services;

    /** The list rows of a parent (or matching the filters), sorted, with `hasChildren`. */
    const childrenOf = async (user: BladeUser, query: Record<string, string>): Promise<Row[]> => {
      const page = await store.list(user, { ...query, size: '1000', ascs: 'sort,code' });
      const rows = page.records as Row[];
      const parents = await parentsAmong(db, user, rows.map((row) => String(row.code)));
      return rows.map((row) => ({ ...row, hasChildren: parents.has(String(row.code)) }));
    };

    // `remove?ids=` (row ids), as every list; SpringBlade's Saber removes the region its tree has picked as
    // `remove?id=<code>`, the code being the key of its tree nodes.
    write(`${base}/remove`, 'delete', async (c) => {
      const user = c.get('user');
      const single = c.req.query('id');
      let ids = idList(c.req.query('ids'));
      if (ids.length === 0 && single) {
        const region = single.length <= MAX_CODE_PARAM ? await regionByCode(db, user, single) : undefined;
        ids = region ? [String(region.id)] : idList(single);
      }
      return send(c, R.status((await store.remove(user, ids)) > 0));
    });

    read(`${base}/detail`, async (c) => {
      const user = c.get('user');
      const code = c.req.query('code');
      let row: Row | undefined;
      if (code !== undefined && code !== '') {
        if (code.length > MAX_CODE_PARAM) throw badRequest(`${MSG.paramInvalid}: code`);
        [row] = (await store.list(user, { code_equal: code })).records as Row[];
      } else {
        const id = c.req.query('id');
        if (!id) throw badRequest(`${MSG.missingParam}: code`);
        row = await store.detail(user, id);
      }
      if (!row) throw badRequest('数据不存在');
      const parent = row.parentCode === REGION_ROOT ? undefined : await regionByCode(db, user, String(row.parentCode));
      const hasChildren = (await parentsAmong(db, user, [String(row.code)])).size > 0;
      // `level` beside `regionLevel`: SpringBlade's entity and the open-source Saber form name the level so.
      return send(c, R.data({ ...row, parentName: parent?.name ?? '', hasChildren, level: row.regionLevel }));
    });

    read(`${base}/lazy-tree`, async (c) => {
      const parentCode = codeParam(c, 'parentCode', REGION_ROOT);
      const rows = await childrenOf(c.get('user'), { parentCode_equal: parentCode });
      const nodes = rows.map((row) => ({
        id: row.code,
        parentId: row.parentCode,
        title: row.name,
        key: row.code,
        value: row.code,
        regionLevel: row.regionLevel,
        hasChildren: row.hasChildren,
      }));
      return send(c, R.data(nodes));
    });

    read(`${base}/lazy-list`, async (c) => {
      const query: Record<string, string> = {};
      for (const key of ['code', 'name'] as const) {
        const value = c.req.query(key);
        if (value) query[key] = value;
      }
      const level = c.req.query('regionLevel');
      if (level) query.regionLevel_equal = level;
      if (Object.keys(query).length === 0) query.parentCode_equal = codeParam(c, 'parentCode', REGION_ROOT);
      return send(c, R.data(await childrenOf(c.get('user'), query)));
    });

    read(`${base}/select`, async (c) => {
      const code = codeParam(c, 'code', REGION_ROOT);
      return send(c, R.data(await childrenOf(c.get('user'), { parentCode_equal: code })));
    });
  },
};
