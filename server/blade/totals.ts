import type { Db } from '../db/types';
import { assertIdentifier, BASE_ALIAS } from './model';

/** Up to this many live rows in a table, a filtered total is counted exactly. */
export const EXACT_TOTALS_UP_TO_ROWS = 20_000;
/** In a larger table a filtered total is counted up to this many matches; beyond, it is estimated from a sample. */
export const COUNTED_MATCHES = 10_000;
/** About this many rows are read to estimate a total. */
const SAMPLED_ROWS = 10_000;

/**
 * The total of a filtered list without reading a large table whole (as large admins do): exact while the table is
 * small or the matches are few, else the matches in a sample of the table's pages scaled to the table, rounded to two
 * significant digits and marked estimated. `from` is joined to the table as `joins` (the list's LEFT JOINs); `where`
 * and `values` are the list's predicates.
 */
export async function countOrEstimate(
  db: Db,
  table: string,
  joins: string,
  where: string,
  values: unknown[],
): Promise<{ total: number; estimated: boolean }> {
  const base = `${assertIdentifier(table)} ${BASE_ALIAS}`;
  const [rows] = await db.cachedQuery<{ n: string }>(
    'SELECT COALESCE(sum(live_rows), 0)::bigint AS n FROM blade_row_count WHERE table_name = $1',
    [table],
  );
  const tableRows = Number(rows?.n ?? 0);
  if (tableRows <= EXACT_TOTALS_UP_TO_ROWS) {
    const [row] = await db.cachedQuery<{ n: string }>(`SELECT count(*) AS n FROM ${base} ${joins} WHERE ${where}`, values);
    return { total: Number(row.n), estimated: false };
  }
  const [counted] = await db.cachedQuery<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM ${base} ${joins} WHERE ${where} LIMIT ${COUNTED_MATCHES + 1}) matched`,
    values,
  );
  if (Number(counted.n) <= COUNTED_MATCHES) return { total: Number(counted.n), estimated: false };
  // SYSTEM sampling reads whole pages chosen at random (the seed keeps one answer per data): a fixed cost.
  const percent = Math.min(100, (100 * SAMPLED_ROWS) / tableRows);
  const [sampled] = await db.cachedQuery<{ n: string }>(
    `SELECT count(*) AS n FROM ${base} TABLESAMPLE SYSTEM (${percent.toFixed(6)}) REPEATABLE (7) ${joins} WHERE ${where}`,
    values,
  );
  const scaled = (Number(sampled.n) * 100) / percent;
  return { total: Math.max(COUNTED_MATCHES + 1, roundToTwoDigits(scaled)), estimated: true };
}

function roundToTwoDigits(value: number): number {
  if (value < 100) return Math.round(value);
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / unit) * unit;
}
