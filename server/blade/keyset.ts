import type { Db } from '../db/types';
import { assertIdentifier, BASE_ALIAS } from './model';
import { orderSql, type OrderTerm, type SqlParams } from './query';

/** Every this many rows of a list's order, one row's key is kept as an anchor. */
export const ANCHOR_STEP = 1000;
/**
 * Below this offset a plain OFFSET is cheaper than reading the anchors (one pass over the list) would be; above it
 * the OFFSET itself walks most of that pass anyway, so reading the anchors once costs nothing extra.
 */
export const ANCHORED_FROM_OFFSET = 10_000;

export interface AnchoredPage {
  /** Added to the WHERE: rows from the anchor on, in the list's order. */
  predicate: string;
  /** What remains to skip after the anchor (about ANCHOR_STEP at most): a number, or an expression of the anchor. */
  offset: number | string;
}

interface AnchorRow {
  rn: string;
  [key: `k${number}`]: string | null;
}

const isDefaultOrder = (terms: OrderTerm[]) =>
  terms.length === 2 &&
  terms.every((term) => term.direction === 'DESC') &&
  terms[0].sql === `${BASE_ALIAS}.create_time` &&
  terms[1].sql === `${BASE_ALIAS}.id`;

/** A nearest anchor further than this before the page (rows inserted between anchors) is numbered again. */
const FARTHEST_ANCHOR = 2 * ANCHOR_STEP;

/**
 * A deep page of a tenant's whole list in the default order (newest first), from the anchors of `blade_list_anchor`
 * (migration 033): the live-row count trigger keeps each anchor's count of rows before it exact in every writing
 * transaction, so they hold across writes, raw SQL and other processes, and the anchor is read in the page's own
 * statement (one snapshot). Only the list's head down to the page is numbered, the first time or when the page is
 * deeper than the anchors (or rows inserted between them stretched the gap), under the count row's lock that
 * writers of the tenant's table take in their trigger, so no write slips between the numbering and its anchors.
 */
async function keptAnchorPage(
  db: Db,
  table: string,
  where: string,
  params: SqlParams,
  offset: number,
  tenantId: string,
): Promise<AnchoredPage | undefined> {
  const from = `${assertIdentifier(table)} ${BASE_ALIAS}`;
  const values = [...params.values];
  // The anchor's parameters follow the list's, bound into `params` only when the page reads from it.
  const anchorValues = [table, tenantId, offset];
  const at = anchorValues.map((_, index) => `$${values.length + 1 + index}`);
  // An anchor's rank: its own count plus the shift rows newer than every anchor gave them all.
  const nearest = (column: string) => `(SELECT ${column} FROM blade_list_anchor anchor
    JOIN blade_row_count counted ON counted.table_name = anchor.table_name AND counted.tenant_id = anchor.tenant_id
    WHERE anchor.table_name = ${at[0]} AND anchor.tenant_id = ${at[1]} AND anchor.rows_before + counted.anchor_shift <= ${at[2]}
    ORDER BY anchor.rows_before DESC, anchor.create_time DESC, anchor.id DESC LIMIT 1)`;
  const rank = 'anchor.rows_before + counted.anchor_shift';
  // The list puts rows without a creation time first, and anchors count only rows with one: such a row means OFFSET.
  const [found] = await db.cachedQuery<{ nulls: boolean; rows_before: string | null }>(
    `SELECT EXISTS (SELECT 1 FROM ${from} WHERE ${where} AND ${BASE_ALIAS}.create_time IS NULL) AS nulls,
            ${nearest(rank)} AS rows_before`,
    [...values, ...anchorValues],
  );
  if (found.nulls) return undefined;
  if (found.rows_before === null || offset - Number(found.rows_before) > FARTHEST_ANCHOR) {
    const numbered = await numberHead(db, table, where, values, offset, tenantId);
    if (!numbered) return undefined;
  }
  for (const value of anchorValues) params.add(value);
  return {
    predicate: `(${BASE_ALIAS}.create_time, ${BASE_ALIAS}.id) <= (${nearest('anchor.create_time')}, ${nearest('anchor.id')})`,
    offset: `(${offset} - ${nearest(rank)})`,
  };
}

/**
 * Numbers a tenant's list down past `offset` (a power-of-two length, so nearby pages share one pass) and keeps every
 * ANCHOR_STEP-th key with its rank. Answers false when the list is not that long.
 */
async function numberHead(db: Db, table: string, where: string, values: unknown[], offset: number, tenantId: string): Promise<boolean> {
  const from = `${assertIdentifier(table)} ${BASE_ALIAS}`;
  return db.transaction(async (tx) => {
    const [counted] = await tx.query<{ n: string }>(
      'SELECT live_rows AS n FROM blade_row_count WHERE table_name = $1 AND tenant_id = $2 FOR UPDATE',
      [table, tenantId],
    );
    if (!counted || Number(counted.n) <= offset) return false;
    const [kept] = await tx.query<{ nearest: string | null; deepest: string | null }>(
      `SELECT max(anchor.rows_before + counted.anchor_shift) FILTER (WHERE anchor.rows_before + counted.anchor_shift <= $3) AS nearest,
              max(anchor.rows_before + counted.anchor_shift) AS deepest
       FROM blade_list_anchor anchor
       JOIN blade_row_count counted ON counted.table_name = anchor.table_name AND counted.tenant_id = anchor.tenant_id
       WHERE anchor.table_name = $1 AND anchor.tenant_id = $2`,
      [table, tenantId, offset],
    );
    // Readers of deep pages arriving together: the first numbers, the others find its anchors once they get the lock.
    if (kept.nearest !== null && offset - Number(kept.nearest) <= FARTHEST_ANCHOR) return true;
    // Never shallower than the anchors kept, or readers of the deeper pages would number again, and so on in turn.
    const wanted = Math.floor(Math.max(offset, Number(kept.deepest ?? 0)) / ANCHOR_STEP);
    const numbered = ANCHOR_STEP * 2 ** Math.ceil(Math.log2(wanted + 1));
    const tail = values.length;
    await tx.query(`DELETE FROM blade_list_anchor WHERE table_name = $1 AND tenant_id = $2`, [table, tenantId]);
    await tx.query(`UPDATE blade_row_count SET anchor_shift = 0 WHERE table_name = $1 AND tenant_id = $2`, [table, tenantId]);
    await tx.query(
      `INSERT INTO blade_list_anchor (table_name, tenant_id, create_time, id, rows_before)
       SELECT $${tail + 1}, $${tail + 2}, o0, o1, rn - 1 FROM (
         SELECT head.*, row_number() OVER (ORDER BY head.o0 DESC, head.o1 DESC) AS rn
         FROM (SELECT ${BASE_ALIAS}.create_time AS o0, ${BASE_ALIAS}.id AS o1 FROM ${from}
               WHERE ${where} AND ${BASE_ALIAS}.create_time IS NOT NULL
               ORDER BY ${BASE_ALIAS}.create_time DESC, ${BASE_ALIAS}.id DESC LIMIT ${numbered}) head) ranked
       WHERE rn % ${ANCHOR_STEP} = 1`,
      [...values, table, tenantId],
    );
    return true;
  });
}

/**
 * A deep page of a list read from the nearest anchor instead of from the top: `OFFSET 99 990` walks 99 990 rows per
 * request, "key ≤ anchor, OFFSET 990" walks fewer than a thousand along the index. The anchors (the order key of
 * every ANCHOR_STEP-th row, down to the page) are read in one pass and kept by the read cache until the next write
 * to the table, so only a database whose reads are kept (PGlite, which sees every write) uses them. Applies when the order is on the base
 * table's own columns in one direction (a row comparison then matches the order) and no key is null.
 * `where` and `params` are the list's predicates; the anchor's values are bound into `params`.
 */
export async function anchoredPage(
  db: Db,
  table: string,
  where: string,
  params: SqlParams,
  terms: OrderTerm[],
  offset: number,
  tenantId?: string,
): Promise<AnchoredPage | undefined> {
  if (offset < ANCHORED_FROM_OFFSET) return undefined;
  if (tenantId !== undefined && isDefaultOrder(terms)) return keptAnchorPage(db, table, where, params, offset, tenantId);
  if (!db.keepsReads()) return undefined;
  const direction = terms[0]?.direction;
  const ownColumn = new RegExp(`^${BASE_ALIAS}\\.[a-z_][a-z0-9_]*$`);
  if (!terms.every((term) => term.direction === direction && ownColumn.test(term.sql))) return undefined;
  const from = `${assertIdentifier(table)} ${BASE_ALIAS}`;
  const values = [...params.values];
  const [nulls] = await db.cachedQuery<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${from} WHERE ${where} AND (${terms.map((term) => `${term.sql} IS NULL`).join(' OR ')})) AS found`,
    values,
  );
  if (nulls.found) return undefined;
  // Only the list's head down to the page is numbered, in power-of-two lengths so that nearby pages share one pass:
  // after a write to the table the pass costs the page's depth, not the table's size.
  const wanted = Math.floor(offset / ANCHOR_STEP);
  const numbered = ANCHOR_STEP * 2 ** Math.ceil(Math.log2(wanted + 1));
  const keys = terms.map((term, index) => `${term.sql}::text AS k${index}`).join(', ');
  const anchors = await db.cachedQuery<AnchorRow>(
    `SELECT * FROM (
       SELECT head.*, row_number() OVER (ORDER BY ${terms.map((term, index) => `head.o${index} ${term.direction}`).join(', ')}) AS rn
       FROM (SELECT ${keys}, ${terms.map((term, index) => `${term.sql} AS o${index}`).join(', ')}
             FROM ${from} WHERE ${where} ORDER BY ${orderSql(terms)} LIMIT ${numbered}) head) ranked
     WHERE rn % ${ANCHOR_STEP} = 1 ORDER BY rn`,
    values,
  );
  const anchor = anchors[wanted];
  if (!anchor) return undefined;
  const skipped = Number(anchor.rn) - 1;
  const columns = terms.map((term) => term.sql).join(', ');
  const bound = terms.map((_, index) => params.add(anchor[`k${index}`])).join(', ');
  return { predicate: `(${columns}) ${direction === 'DESC' ? '<=' : '>='} (${bound})`, offset: offset - skipped };
}

/**
 * From this many rows skipped on, a page finds its rows' ids first and reads the rows after: the skipped rows are
 * then walked in an index alone (the tenant's live-row index holds the default order), never fetched from the table
 * nor given their select list (reference labels and dictionary texts are subqueries per row).
 */
export const KEYS_FIRST_FROM_OFFSET = 100;

export interface PageShape {
  selectList: string;
  table: string;
  /** The read model's joins (labels of referenced rows). */
  joins: string;
  /** Rows of the list, the page's anchor predicate included. */
  where: string;
  order: string;
  size: number;
  offset: number | string;
  /** The page's offset in the whole list: what decides whether keys come first. */
  skipped: number;
}

/** The statement of one page: its rows in the list's order, found by their keys first when many are skipped. */
export function pageStatement(page: PageShape): string {
  const from = `${assertIdentifier(page.table)} ${BASE_ALIAS}`;
  const limit = `ORDER BY ${page.order} LIMIT ${page.size} OFFSET ${page.offset}`;
  if (page.skipped < KEYS_FIRST_FROM_OFFSET) {
    return `SELECT ${page.selectList} FROM ${from} ${page.joins} WHERE ${page.where} ${limit}`;
  }
  return `SELECT ${page.selectList} FROM ${from}
    JOIN (SELECT ${BASE_ALIAS}.id FROM ${from} ${page.joins} WHERE ${page.where} ${limit}) page_keys ON page_keys.id = ${BASE_ALIAS}.id
    ${page.joins} ORDER BY ${page.order}`;
}
