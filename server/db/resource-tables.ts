import { columnOf, type FieldType, type ResourceSchema } from '../../resources/types';
import { assertIdentifier, childSchemaOf, columnsOf, uniqueIndexName, type ColumnModel } from '../blade/model';
import { SCHEMA_LOCK } from './migrate';
import type { Db } from './types';
import { ensureLinkTable } from '../blade/links';

const SQL_TYPES: Record<FieldType, (maxLength?: number) => string> = {
  string: (maxLength) => `varchar(${maxLength ?? 255})`,
  text: () => 'text',
  int: () => 'integer',
  number: () => 'numeric',
  date: () => 'date',
  datetime: () => 'timestamp',
  id: () => 'bigint',
};

function columnDefinition(column: ColumnModel): string {
  const type = SQL_TYPES[column.type](column.field?.maxLength);
  if (column.column === 'tenant_id') return `${type} NOT NULL DEFAULT '000000'`;
  if (column.column === 'is_deleted') return 'integer NOT NULL DEFAULT 0';
  if (column.column === 'status' && !column.field) return 'integer NOT NULL DEFAULT 1';
  return type;
}


const COUNT_TRIGGERS = [
  ['insert', 'INSERT', 'REFERENCING NEW TABLE AS new_rows'],
  ['update', 'UPDATE', 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'REFERENCING OLD TABLE AS old_rows'],
] as const;

/**
 * Creates or extends the table of a resource schema: one column per field (added when the schema grows), the
 * audit columns, the list index, per-tenant unique indexes, and the live-row count triggers.
 */
export async function ensureResourceTables(db: Db, schema: ResourceSchema): Promise<void> {
  if (schema.tableOwner === 'migration') await checkMigrationTable(db, schema);
  else await ensureResourceTable(db, schema);
  for (const child of schema.children ?? []) await ensureResourceTable(db, childSchemaOf(schema, child));
  for (const link of schema.links ?? []) await ensureLinkTable(db, link);
}

/** Stored write-only fields (a password): never read, so not in the read model, but a column all the same. */
function writeOnlyColumnsOf(schema: ResourceSchema): ColumnModel[] {
  return schema.fields
    .filter((field) => field.writeOnly && !field.virtual)
    .map((field) => ({ name: field.name, column: assertIdentifier(columnOf(field)), type: field.type, field, sql: '', stored: true }));
}

/** A migration-owned table must already have every column the schema declares: a mismatch stops the start. */
async function checkMigrationTable(db: Db, schema: ResourceSchema): Promise<void> {
  const rows = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()`,
    [schema.table],
  );
  const present = new Set(rows.map((row) => row.column_name));
  const missing = [...columnsOf(schema), ...writeOnlyColumnsOf(schema)].filter((column) => !present.has(column.column));
  if (missing.length > 0) {
    throw new Error(`${schema.name}: table ${schema.table} lacks ${missing.map((column) => column.column).join(', ')}`);
  }
}

async function ensureResourceTable(db: Db, schema: ResourceSchema): Promise<void> {
  const table = assertIdentifier(schema.table);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS ${table} (id bigint PRIMARY KEY)`);
    const statements = [...columnsOf(schema), ...writeOnlyColumnsOf(schema)]
      .filter((column) => column.column !== 'id')
      .map((column) => `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column.column} ${columnDefinition(column)};`);
    statements.push(
      `CREATE INDEX IF NOT EXISTS ${table}_tenant_live ON ${table} (tenant_id, is_deleted, create_time, id);`,
    );
    for (const column of columnsOf(schema).filter((column) => column.field?.unique)) {
      statements.push(
        `CREATE UNIQUE INDEX IF NOT EXISTS ${uniqueIndexName(table, column.column)} ON ${table} (tenant_id, ${column.column}) WHERE is_deleted = 0;`,
      );
    }
    await tx.exec(statements.join('\n'));

    const existing = await tx.query<{ tgname: string }>(
      `SELECT tgname FROM pg_trigger WHERE tgrelid = $1::regclass AND tgname LIKE $2`,
      [table, `${table}_count_%`],
    );
    if (existing.length === COUNT_TRIGGERS.length) return;
    for (const [name, event, transition] of COUNT_TRIGGERS) {
      await tx.exec(`DROP TRIGGER IF EXISTS ${table}_count_${name} ON ${table};
        CREATE TRIGGER ${table}_count_${name} AFTER ${event} ON ${table} ${transition}
        FOR EACH STATEMENT EXECUTE FUNCTION blade_count_live_rows();`);
    }
    // Rows written before the triggers existed are counted once here.
    await tx.query('DELETE FROM blade_row_count WHERE table_name = $1', [table]);
    await tx.query(
      `INSERT INTO blade_row_count (table_name, tenant_id, live_rows)
       SELECT $1, tenant_id, count(*) FROM ${table} WHERE is_deleted = 0 GROUP BY tenant_id`,
      [table],
    );
  });
}
