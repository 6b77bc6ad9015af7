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
  /** What remains to skip after the anchor (less than ANCHOR_STEP). */
  offset: number;
}

interface AnchorRow {
  rn: string;
  [key: `k${number}`]: string | null;
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
): Promise<AnchoredPage | undefined> {
  if (offset < ANCHORED_FROM_OFFSET || !db.keepsReads()) return undefined;
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
