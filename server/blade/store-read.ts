import type { StoreHooks } from './hooks';
import type { BladeUser } from './context';
import { badRequest, MSG } from './errors';
import { isIdText } from './ids';
import { anchoredPage, pageStatement } from './keyset';
import { countOrEstimate } from './totals';
import { columnOf, maskedSecretFields, SECRET_MASK, sortableColumnsOf } from '../../resources/types';
import { assertIdentifier, BASE_ALIAS } from './model';
import { buildFilters, orderSql, pageOf, parseOrder, parseOrderTerms, parsePaging, SqlParams } from './query';
import { serializeRow } from './serializer';
import type { StoreCore } from './store-core';
import type { ResourceStore } from './store-types';

/** The column a whole list's page carries its total in, where it does (see `list`). */
const LIVE_TOTAL = 'blade_live_total_';

/** The read part of a resource store: pages, details, rows by id and picker options. */
export function createStoreRead(core: StoreCore, behaviour: StoreHooks): Pick<ResourceStore, 'list' | 'detail' | 'byIds' | 'select'> {
  const { db, schema, table, model, selectList, children, scopeOf, readRows, childRowsOf } = core;

  /** The statement of a whole list's live-row count (kept by trigger in `blade_row_count`), its values bound into `params`. */
  function liveCountSql(user: BladeUser, params: SqlParams): string {
    return schema.tenantScoped
      ? `SELECT live_rows FROM blade_row_count WHERE table_name = ${params.add(table)} AND tenant_id = ${params.add(user.tenantId)}`
      : `SELECT COALESCE(sum(live_rows), 0)::bigint FROM blade_row_count WHERE table_name = ${params.add(table)}`;
  }

  async function countLive(user: BladeUser): Promise<number> {
    const params = new SqlParams();
    const [row] = await db.cachedQuery<{ n: string }>(`SELECT (${liveCountSql(user, params)}) AS n`, params.values);
    return Number(row?.n ?? 0);
  }

  // Stored secrets (a client's secret, a datasource's password): a detail answers the mask where one is stored, so
  // that an edit form holds a value and sends the mask back to keep it.
  const secrets = maskedSecretFields(schema);
  async function withMaskedSecrets(row: Record<string, unknown>, id: string) {
    if (secrets.length === 0) return row;
    const held = secrets.map((field, index) => {
      const column = assertIdentifier(columnOf(field));
      return `(${column} IS NOT NULL AND ${column}::text <> '') AS held${index}`;
    });
    const [stored] = await db.query<Record<string, boolean>>(`SELECT ${held.join(', ')} FROM ${table} WHERE id = $1`, [id]);
    const masked = { ...row };
    secrets.forEach((field, index) => (masked[field.name] = stored?.[`held${index}`] ? SECRET_MASK : null));
    return masked;
  }

  const sortable = new Set(sortableColumnsOf(schema));

  return {
    async list(user, query) {
      const params = new SqlParams();
      const scope = scopeOf(user, params);
      const filters = [...buildFilters(query, model.columns, params), ...(behaviour.listScope?.(user, query, params) ?? [])];
      const where = [...scope.predicates, ...filters].join(' AND ');
      const terms = parseOrderTerms(query, model.columns, schema.defaultSort, sortable);
      const paging = parsePaging(query);
      const wholeList = filters.length === 0 && scope.countsAllLiveRows;
      // Deep pages of a whole list start from the nearest kept anchor instead of walking every row before them.
      const anchored = wholeList
        ? await anchoredPage(db, table, where, params, terms, paging.offset, schema.tenantScoped ? user.tenantId : undefined)
        : undefined;
      // Where reads are not kept (PostgreSQL: each statement a round trip to the database server), a whole list's total
      // comes with its page, from the same snapshot. Where they are (PGlite), it stays a read of its own: in the page's
      // statement it would end the kept page at every write to any table (they all count their rows there).
      const liveTotal = wholeList && !db.keepsReads() ? `(${liveCountSql(user, params)}) AS ${LIVE_TOTAL}` : undefined;
      const rows = await db.cachedQuery<Record<string, unknown>>(
        pageStatement({
          selectList: liveTotal ? `${selectList}, ${liveTotal}` : selectList,
          table,
          joins: model.joins,
          where: anchored ? `${where} AND ${anchored.predicate}` : where,
          order: orderSql(terms),
          size: paging.size,
          offset: anchored?.offset ?? paging.offset,
          skipped: paging.offset,
        }),
        params.values,
      );
      let total: number;
      let estimated = false;
      if (paging.offset === 0 && rows.length < paging.size) total = rows.length;
      else if (liveTotal && rows.length > 0) total = Number(rows[0][LIVE_TOTAL]);
      else if (wholeList) total = await countLive(user);
      else ({ total, estimated } = await countOrEstimate(db, table, model.joins, where, params.values));
      const page = pageOf(
        rows.map((row) => serializeRow(row, model.columns)),
        total,
        paging,
      );
      return estimated ? { ...page, totalEstimated: true } : page;
    },

    async detail(user, id) {
      if (!isIdText(id)) throw badRequest(`${MSG.paramType}: id`);
      const params = new SqlParams();
      const [row] = await readRows(user, [`${BASE_ALIAS}.id = ${params.add(id)}`], params);
      if (!row) return undefined;
      const masked = await withMaskedSecrets(row, id);
      return children.length > 0 ? { ...masked, ...(await childRowsOf(user, id)) } : masked;
    },

    async byIds(user, ids) {
      if (ids.length === 0) return [];
      if (ids.length > 1000 || !ids.every(isIdText)) throw badRequest(`${MSG.paramType}: ids`);
      const params = new SqlParams();
      return readRows(user, [`${BASE_ALIAS}.id = ANY(string_to_array(${params.add(ids.join(','))}, ',')::bigint[])`], params);
    },

    async select(user, query) {
      const params = new SqlParams();
      const filters = buildFilters(query, model.columns, params);
      const order = parseOrder({}, model.columns, schema.defaultSort);
      return readRows(user, filters, params, `ORDER BY ${order} LIMIT 100`);
    },
  };
}
