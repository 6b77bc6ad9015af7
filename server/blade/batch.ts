import { SqlParams } from './query';

/** Rows written by one batch statement, and rows checked or imported per step: a step's memory is bounded by it. */
export const BATCH_SIZE = 500;

/** The items of `source` in arrays of at most `size`, in order; an array is handed on before the next is read. */
export async function* batchesOf<T>(source: AsyncIterable<T> | Iterable<T>, size = BATCH_SIZE): AsyncGenerator<T[]> {
  let batch: T[] = [];
  for await (const item of source) {
    batch.push(item);
    if (batch.length >= size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * One `INSERT … VALUES (…), (…)` of several rows, each a map of column → value. The columns are those any row has;
 * a row without one takes the column's `DEFAULT`, as a single-row insert naming only its own columns would.
 */
export function multiRowInsert(table: string, rows: readonly ReadonlyMap<string, unknown>[]): { sql: string; values: unknown[] } {
  if (rows.length === 0) throw new Error('multiRowInsert: no rows');
  const columns = [...new Set(rows.flatMap((row) => [...row.keys()]))];
  const params = new SqlParams();
  const tuples = rows.map((row) => `(${columns.map((column) => (row.has(column) ? params.add(row.get(column)) : 'DEFAULT')).join(', ')})`);
  return { sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, values: params.values };
}
