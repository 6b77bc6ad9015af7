import type { ResourceBehaviour } from '../../server/blade/behaviour';
import { R, send } from '../../server/blade/envelope';
import { badRequest, MSG } from '../../server/blade/errors';
import { isIdText } from '../../server/blade/ids';
import { scopedWhere } from '../../server/blade/scope';

type Row = Record<string, unknown>;

const ROOT = '0';
const isRoot = (id: unknown) => id === undefined || id === null || id === '' || id === ROOT || id === '-1';

/** Query keys that are not filters of the lazy list. */
const NOT_FILTERS = new Set(['parentId', 'current', 'size', 'ascs', 'descs', 'blade-auth', 'tenantId']);

/**
 * `ancestors` (root → parent ids, `0` first) follows the parent and, when a node moves, every descendant's follows
 * it; a node cannot move under itself or a descendant. `lazy-list` takes filters (a search lists every match, flat),
 * `lazy-tree` answers tree nodes; `select` stays in the system module (the switch dialog's own depts).
 */
export const behaviour: ResourceBehaviour = {
  async beforeWrite({ tx, user, id, values, before }) {
    const parentId = String(values.parentId ?? before?.parentId ?? ROOT);
    if (isRoot(parentId)) {
      values.parentId = ROOT;
      values.ancestors = ROOT;
      return;
    }
    if (parentId === id) throw badRequest('上级部门不能是自己');
    // Any department of the tenant may be the parent, as a picked reference may (no data scope).
    const scope = scopedWhere(user, {}, 'id = $1', [parentId]);
    const [parent] = await tx.query<{ ancestors: string | null }>(`SELECT ancestors FROM blade_dept WHERE ${scope.where}`, scope.values);
    if (!parent) throw badRequest('上级部门不存在');
    const ancestors = `${parent.ancestors || ROOT},${parentId}`;
    if (ancestors.split(',').includes(id)) throw badRequest('上级部门不能是自己或自己的下级');
    values.ancestors = ancestors;
  },

  async afterWrite({ tx, user, id, isInsert, values, before }) {
    if (isInsert || !before) return;
    const oldPrefix = `${(before.ancestors as string) || ROOT},${id}`;
    const newPrefix = `${(values.ancestors as string) || ROOT},${id}`;
    if (oldPrefix === newPrefix) return;
    const scope = scopedWhere(user, {}, "(ancestors = $2 OR ancestors LIKE $2 || ',%')", [newPrefix, oldPrefix]);
    await tx.query(`UPDATE blade_dept SET ancestors = $1 || substr(ancestors, length($2) + 1) WHERE ${scope.where}`, scope.values);
  },

  routes({ read, store }) {
    const base = store.schema.api;
    const lazyRows = async (c: Parameters<Parameters<typeof read>[1]>[0]) => {
      const query = c.req.query();
      const parentId = query.parentId || ROOT;
      if (!isIdText(parentId)) throw badRequest(`${MSG.paramType}: parentId`);
      const filters = Object.entries(query).filter(([key, value]) => !NOT_FILTERS.has(key) && value !== '');
      const user = c.get('user');
      if (filters.length === 0) return store.lazyList(user, parentId);
      // A search lists every matching department, whatever its level (BladeX's lazy list does the same).
      const page = await store.list(user, { ...Object.fromEntries(filters), size: '1000', ascs: 'sort' });
      return (page.records as Row[]).map((row) => ({ ...row, hasChildren: false }));
    };
    read(`${base}/lazy-list`, async (c) => send(c, R.data(await lazyRows(c))));
    read(`${base}/lazy-tree`, async (c) => {
      const parentId = c.req.query('parentId') || ROOT;
      const rows = await store.lazyList(c.get('user'), parentId);
      return send(
        c,
        R.data(
          rows.map((row) => ({
            id: row.id,
            parentId: row.parentId,
            title: row.deptName,
            key: row.id,
            value: row.id,
            hasChildren: row.hasChildren,
          })),
        ),
      );
    });
  },
};
