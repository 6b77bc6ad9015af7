import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceSchemas } from '../../resources/schemas';
import { sortableColumnsOf } from '../../resources/types';
import { columnsOf } from '../../server/blade/model';
import type { Db } from '../../server/db/types';
import { migratedDatabase } from './data-dir';

/**
 * Every column a list may be ordered by has an index led by it, on the tables as a start makes them (migrations, then
 * the resource tables): the server refuses an order on any other column, so no page sorts a whole table.
 */
let database: Awaited<ReturnType<typeof migratedDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await migratedDatabase('blade-order-indexes-', resourceSchemas);
  db = database.db;
}, 120_000);

afterAll(() => database?.close());

async function leadingIndexColumns(table: string): Promise<Set<string>> {
  const rows = await db.query<{ column: string }>(
    `SELECT a.attname AS column FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
     WHERE i.indrelid = $1::regclass`,
    [table],
  );
  return new Set(rows.map((row) => row.column));
}

describe('indexes of the sortable columns', () => {
  it('declares some sortable columns beyond the id and the creation time', () => {
    const declared = resourceSchemas.flatMap((schema) => schema.fields.filter((field) => field.sortable).map((field) => `${schema.name}.${field.name}`));
    expect(declared).toEqual(expect.arrayContaining(['param.paramKey', 'testcase.caseCode', 'task.taskCode', 'region.code']));
  });

  it.each(resourceSchemas.map((schema) => [schema.name, schema] as const))('%s: each sortable stored column leads an index', async (_, schema) => {
    const stored = new Set(columnsOf(schema).filter((column) => column.stored).map((column) => column.column));
    const sortable = sortableColumnsOf(schema).filter((column) => stored.has(column));
    const indexed = await leadingIndexColumns(schema.table);
    expect(sortable.filter((column) => !indexed.has(column))).toEqual([]);
  });
});
