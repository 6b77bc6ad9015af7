import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { ADMIN_TENANT, type BladeUser } from '../../server/blade/context';
import { nest } from '../../server/blade/crud';
import { R, send } from '../../server/blade/envelope';
import { badRequest, forbidden, MSG } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { BASE_ALIAS } from '../../server/blade/model';
import { buildFilters, pageOf, parsePaging, SqlParams } from '../../server/blade/query';
import { selectListOf } from '../../server/blade/read-model';
import { readScope } from '../../server/blade/scope';
import { serializeRow } from '../../server/blade/serializer';
import type { Db } from '../../server/db/types';

type Row = Record<string, unknown>;

/** Internal list parameter of `child-list`: the dictionary whose items are listed (never a filter: `_ignore`). */
const ITEMS_OF = 'itemsOf_ignore';
/** BladeX's message for a key (or, for roots, a code) already taken (DictServiceImpl.submit). */
export const KEY_TAKEN = '当前字典键值已存在!';
export const CODE_TAKEN = '当前字典编号已存在!';
export const PARENT_MISSING = '上级字典不存在';
export const HAS_ITEMS = '请先删除子节点';

const isRoot = (parentId: unknown) => parentId === undefined || parentId === null || parentId === '' || String(parentId) === '0' || String(parentId) === '-1';

/**
 * What BladeX's DictController and DictBizController do, over the generic store of the resource:
 * - `parent-list` (the screen's list) pages the dictionaries (roots), `child-list?parentId=` the items of one
 *   (rows sharing its code, itself excluded), `list` answers the matching rows as a tree (`list?code=x` →
 *   `[root{children: items}]`), `tree` every row as tree nodes (the items form's parent select), `select` the roots
 *   labelled `code: name`; `dictionary?code=` (in the system module) the unsealed items, as BladeX's `getList`.
 * - submit: a key is unique within its dictionary (`当前字典键值已存在!`), a code among dictionaries; an item takes
 *   its parent's code; renaming a dictionary's code renames its items' (BladeX does the same).
 * - remove: a row with items below it is refused (BladeX `removeDict`: "请先删除子节点!"), never cascaded, so items
 *   other screens still show are never removed by accident.
 * - system dictionaries are shared by every tenant: only the administrator tenant writes them.
 */
export function dictionaryBehaviour(table: 'blade_dict' | 'blade_dict_biz', shared: boolean): ResourceBehaviour {
  const scope = (user: BladeUser, params: SqlParams, alias?: string) => readScope(user, params, { tenantScoped: !shared, alias }).predicates;

  function assertWriter(user: BladeUser) {
    if (shared && user.tenantId !== ADMIN_TENANT) throw forbidden();
  }

  async function rowOf(db: Db, user: BladeUser, id: string): Promise<{ id: string; parent_id: string; code: string } | undefined> {
    const params = new SqlParams();
    const [row] = await db.query<{ id: string; parent_id: string; code: string }>(
      `SELECT id::text AS id, parent_id::text AS parent_id, code FROM ${table} WHERE id = ${params.add(id)} AND ${scope(user, params).join(' AND ')}`,
      params.values,
    );
    return row;
  }

  return {
    listScope(user, query, params) {
      const parent = query[ITEMS_OF];
      if (parent === undefined) return [`${BASE_ALIAS}.parent_id = 0`];
      return [
        `${BASE_ALIAS}.code = (SELECT p.code FROM ${table} p WHERE p.id = ${params.add(parent)} AND ${scope(user, params, 'p').join(' AND ')})`,
        `${BASE_ALIAS}.id <> ${params.add(parent)}`,
      ];
    },

    async beforeWrite({ tx, user, id, isInsert, values, before }) {
      assertWriter(user);
      const parentId = values.parentId ?? before?.parentId ?? '0';
      if (isRoot(parentId)) {
        values.parentId = '0';
      } else {
        const parentText = String(parentId);
        if (!isIdText(parentText)) throw badRequest(`${MSG.paramType}: parentId`);
        // Walk up from the new parent: meeting this row means a cycle; the top is the dictionary whose code it takes.
        let cursor = parentText;
        let code = '';
        for (let depth = 0; depth < 32; depth += 1) {
          if (cursor === id) throw badRequest('上级字典不能是自己或自己的下级');
          const row = await rowOf(tx, user, cursor);
          if (!row) throw badRequest(PARENT_MISSING);
          code = row.code;
          if (isRoot(row.parent_id)) break;
          cursor = row.parent_id;
        }
        values.code = code;
      }
      const code = String(values.code ?? before?.code ?? '');
      const dictKey = String(values.dictKey ?? before?.dictKey ?? '');
      // One writer at a time per code: the checks below and the write happen as one step.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${table}:${user.tenantId}:${code}`]);
      const params = new SqlParams();
      const others = [...scope(user, params), `code = ${params.add(code)}`, ...(isInsert ? [] : [`id <> ${params.add(id)}`])];
      const [keyClash] = await tx.query(`SELECT 1 FROM ${table} WHERE ${others.join(' AND ')} AND dict_key = ${params.add(dictKey)} LIMIT 1`, params.values);
      if (keyClash) throw badRequest(KEY_TAKEN);
      if (values.parentId === '0') {
        const rootParams = new SqlParams();
        const roots = [...scope(user, rootParams), `code = ${rootParams.add(code)}`, 'parent_id = 0', ...(isInsert ? [] : [`id <> ${rootParams.add(id)}`])];
        const [codeClash] = await tx.query(`SELECT 1 FROM ${table} WHERE ${roots.join(' AND ')} LIMIT 1`, rootParams.values);
        if (codeClash) throw badRequest(CODE_TAKEN);
      }
    },

    async afterWrite({ tx, user, isInsert, values, before }) {
      // A dictionary's new code is its items' too.
      if (isInsert || !before || values.parentId !== '0' || values.code === undefined || values.code === before.code) return;
      const params = new SqlParams();
      await tx.query(
        `UPDATE ${table} SET code = ${params.add(values.code)} WHERE code = ${params.add(before.code)} AND parent_id <> 0 AND ${scope(user, params).join(' AND ')}`,
        params.values,
      );
    },

    async beforeRemove({ tx, user, ids }) {
      assertWriter(user);
      const params = new SqlParams();
      const idArray = `string_to_array(${params.add(ids.join(','))}, ',')::bigint[]`;
      const [child] = await tx.query(
        `SELECT 1 FROM ${table} WHERE parent_id = ANY(${idArray}) AND NOT (id = ANY(${idArray})) AND ${scope(user, params).join(' AND ')} LIMIT 1`,
        params.values,
      );
      if (child) throw badRequest(HAS_ITEMS);
    },

    routes({ read, open, store, services }) {
      const { db } = services;
      const { api, model } = { api: store.schema.api, model: store.model };
      const selectList = selectListOf(model);
      /** `options`: another screen's lookup of options (no data scope); else the dictionary screen's own read. */
      const rowsOf = async (user: BladeUser, predicates: (params: SqlParams) => string[], query: Record<string, string> = {}, options = false) => {
        const params = new SqlParams();
        const scoped = readScope(user, params, { tenantScoped: !shared, alias: BASE_ALIAS, resource: options ? undefined : store.schema.permissionCode });
        const where = [...scoped.predicates, ...predicates(params), ...buildFilters(query, model.columns, params)];
        const rows = await db.cachedQuery(
          `SELECT ${selectList} FROM ${table} ${BASE_ALIAS} ${model.joins} WHERE ${where.join(' AND ')} ORDER BY ${BASE_ALIAS}.sort, ${BASE_ALIAS}.id LIMIT 5000`,
          params.values,
        );
        return rows.map((row) => serializeRow(row, model.columns));
      };
      /** BladeX tree nodes: `children` on parents, `hasChildren` on every node. */
      const treeOf = (rows: Row[], label: (row: Row) => unknown) => {
        const marked = (nodes: Row[]): Row[] =>
          nodes.map((node) => {
            const children = node.children as Row[] | undefined;
            return { ...node, title: label(node), hasChildren: !!children?.length, ...(children ? { children: marked(children) } : {}) };
          });
        return marked(nest(rows, 'parentId', 'dictValue'));
      };

      // `code` picks one dictionary exactly (the spec's `list?code=` reads the first element's children). Other
      // screens look their options up here, so, like `dictionary`, it is open to every signed-in caller.
      open(`${api}/list`, async (c) => {
        const { code, ...query } = c.req.query();
        const rows = await rowsOf(c.get('user'), (params) => (code ? [`${BASE_ALIAS}.code = ${params.add(code)}`] : []), query, true);
        return send(c, R.data(treeOf(rows, (row) => row.dictValue)));
      });

      read(`${api}/child-list`, async (c) => {
        const { parentId, ...query } = c.req.query();
        // BladeX's parentId defaults to -1, no dictionary: Saber's first load of the items table gets an empty page.
        if (!parentId || parentId === '-1') return send(c, R.data(pageOf([], 0, parsePaging(query))));
        if (!isIdText(parentId)) throw badRequest(`${MSG.paramType}: parentId`);
        return send(c, R.data(await store.list(c.get('user'), { ...query, [ITEMS_OF]: parentId })));
      });

      // Every row as tree nodes (BladeX `tree`, Saber asks `tree?code=DICT`): the items form picks the parent here.
      read(`${api}/tree`, async (c) => {
        const rows = await rowsOf(c.get('user'), () => []);
        return send(c, R.data(treeOf(rows, (row) => row.dictValue)));
      });

      // The dictionaries, labelled `code: name` as BladeX's `select` answers them.
      read(`${api}/select`, async (c) => {
        const rows = await rowsOf(c.get('user'), () => [`${BASE_ALIAS}.parent_id = 0`]);
        return send(c, R.data(rows.map((row) => ({ ...row, dictValue: `${String(row.code)}: ${String(row.dictValue)}` }))));
      });
    },
  };
}
