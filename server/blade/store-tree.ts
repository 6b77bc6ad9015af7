import type { StoreHooks } from './hooks';
import { badRequest, MSG } from './errors';
import { isIdText } from './ids';
import { buildFilters, parseOrder, SqlParams } from './query';
import { sortableColumnsOf } from '../../resources/types';
import { readScope } from './scope';
import type { StoreCore } from './store-core';
import type { ResourceStore, Row } from './store-types';

/** Rows → a tree of `children` (absent on leaves), with the `title`/`key`/`value` names tree widgets read. */
export function nest(rows: Row[], parentField: string, labelField: string): Row[] {
  const nodes = new Map(rows.map((row) => [String(row.id), { ...row, title: row[labelField], key: row.id, value: row.id } as Row]));
  const roots: Row[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(String(node[parentField]));
    if (parent && parent !== node) ((parent.children ??= []) as Row[]).push(node);
    else roots.push(node);
  }
  return roots;
}

/** `hasChildren` on every node of a nested tree, as BladeX's tree lists answer it. */
export function markChildren(nodes: Row[]): Row[] {
  return nodes.map((node) => {
    const children = node.children as Row[] | undefined;
    return { ...node, hasChildren: (children?.length ?? 0) > 0, ...(children ? { children: markChildren(children) } : {}) };
  });
}

/** The tree part of a resource store: the whole tree, the filtered tree list and the lazy children of a node. */
export function createStoreTree(core: StoreCore, behaviour: StoreHooks): Pick<ResourceStore, 'tree' | 'treeList' | 'lazyList'> {
  const { db, schema, table, model, byName, readRows } = core;
  const sortable = new Set(sortableColumnsOf(schema));
  return {
    async tree(user) {
      if (!schema.tree) throw badRequest(MSG.notFound);
      const params = new SqlParams();
      const order = parseOrder({}, model.columns, schema.defaultSort);
      const rows = await readRows(user, [], params, `ORDER BY ${order} LIMIT 5000`);
      return nest(rows, schema.tree.parentField, schema.tree.labelField);
    },

    async treeList(user, query) {
      if (!schema.tree) throw badRequest(MSG.notFound);
      const params = new SqlParams();
      const filters = [...buildFilters(query, model.columns, params), ...(behaviour.listScope?.(user, query, params) ?? [])];
      const order = parseOrder(query, model.columns, schema.defaultSort, sortable);
      const rows = await readRows(user, filters, params, `ORDER BY ${order} LIMIT 5000`);
      return markChildren(nest(rows, schema.tree.parentField, schema.tree.labelField));
    },

    async lazyList(user, parentId) {
      if (!schema.tree) throw badRequest(MSG.notFound);
      if (!isIdText(parentId)) throw badRequest(`${MSG.paramType}: parentId`);
      const parent = byName.get(schema.tree.parentField)!;
      const params = new SqlParams();
      const order = parseOrder({}, model.columns, schema.defaultSort);
      const rows = await readRows(user, [`${parent.sql} = ${params.add(parentId)}`], params, `ORDER BY ${order} LIMIT 1000`);
      if (rows.length === 0) return rows;
      const childParams = new SqlParams();
      const where = [
        `${parent.column} = ANY(string_to_array(${childParams.add(rows.map((row) => row.id).join(','))}, ',')::bigint[])`,
        ...readScope(user, childParams, { tenantScoped: schema.tenantScoped, resource: schema.permissionCode }).predicates,
      ];
      const withChildren = await db.cachedQuery<{ parent: string }>(
        `SELECT DISTINCT ${parent.column}::text AS parent FROM ${table} WHERE ${where.join(' AND ')}`,
        childParams.values,
      );
      const parents = new Set(withChildren.map((row) => row.parent));
      return rows.map((row) => ({ ...row, hasChildren: parents.has(String(row.id)) }));
    },
  };
}
