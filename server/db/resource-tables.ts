import { createHash } from 'node:crypto';
import { columnOf, sortableColumnsOf, type FieldType, type ResourceSchema } from '../../resources/types';
import { linkTableDdl } from '../blade/links';
import { assertIdentifier, childSchemaOf, columnsOf, uniqueIndexName, type ColumnModel } from '../blade/model';
import { SCHEMA_LOCK } from './migrate';
import type { Db } from './types';

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
  if (schema.tableOwner === 'migration') {
    await checkMigrationTable(db, schema);
    // An unfiltered list's total is the live-row count: a migration's table is counted like the others.
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
      await ensureCountTriggers(tx, assertIdentifier(schema.table));
      const indexes = [trigramIndexDdl(schema), orderIndexDdl(schema)].filter(Boolean).join('\n');
      if (indexes) await tx.exec(indexes);
    });
  } else await ensureResourceTable(db, schema);
  for (const child of schema.children ?? []) await ensureResourceTable(db, childSchemaOf(schema, child));
  for (const link of schema.links ?? []) await db.exec(linkTableDdl(link));
}

/**
 * `ensureResourceTables` for every schema, skipping those whose tables were made from the same definition at an
 * earlier start: checking every column, index and trigger again took half a second of each start.
 */
export async function ensureAllResourceTables(db: Db, schemas: readonly ResourceSchema[]): Promise<void> {
  const rows = await db.query<{ resource_name: string; fingerprint: string }>(
    'SELECT resource_name, fingerprint FROM blade_resource_table',
  );
  const made = new Map(rows.map((row) => [row.resource_name, row.fingerprint]));
  for (const schema of schemas) {
    const fingerprint = tablesFingerprint(schema);
    if (made.get(schema.name) === fingerprint) continue;
    await ensureResourceTables(db, schema);
    await db.query(
      `INSERT INTO blade_resource_table (resource_name, fingerprint) VALUES ($1, $2)
       ON CONFLICT (resource_name) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, update_time = now()`,
      [schema.name, fingerprint],
    );
  }
}

/** A hash of everything `ensureResourceTables` makes of a schema: the DDL text, the triggers, the columns checked. */
function tablesFingerprint(schema: ResourceSchema): string {
  const definition = {
    owner: schema.tableOwner ?? 'schema',
    tables: [schema, ...(schema.children ?? []).map((child) => childSchemaOf(schema, child))].map((table) =>
      table === schema && schema.tableOwner === 'migration'
        ? {
            checked: [...columnsOf(schema), ...writeOnlyColumnsOf(schema)].map((column) => column.column),
            counted: true,
            trigram: trigramIndexDdl(schema),
            order: orderIndexDdl(schema),
          }
        : { ddl: tableDdl(table) },
    ),
    links: (schema.links ?? []).map(linkTableDdl),
    triggers: COUNT_TRIGGERS,
  };
  return createHash('sha256').update(JSON.stringify(definition)).digest('hex');
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

/** The table of a schema as idempotent DDL: created when missing, columns and indexes added when the schema grew. */
function tableDdl(schema: ResourceSchema): string {
  const table = assertIdentifier(schema.table);
  const statements = [`CREATE TABLE IF NOT EXISTS ${table} (id bigint PRIMARY KEY);`];
  for (const column of [...columnsOf(schema), ...writeOnlyColumnsOf(schema)].filter((column) => column.column !== 'id')) {
    statements.push(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column.column} ${columnDefinition(column)};`);
  }
  statements.push(`CREATE INDEX IF NOT EXISTS ${table}_tenant_live ON ${table} (tenant_id, is_deleted, create_time, id);`);
  for (const column of columnsOf(schema).filter((column) => column.field?.unique)) {
    statements.push(
      `CREATE UNIQUE INDEX IF NOT EXISTS ${uniqueIndexName(table, column.column)} ON ${table} (tenant_id, ${column.column}) WHERE is_deleted = 0;`,
    );
  }
  statements.push(trigramIndexDdl(schema), orderIndexDdl(schema));
  return statements.join('\n');
}

/** The name of the index that serves a list ordered by `column`. */
export const orderIndexName = (table: string, column: string) => `${table}_${column}_order`;

/**
 * An index led by each column a list may be ordered by (`sortableColumnsOf`; the id has its primary key): a page
 * ordered by it reads the index from its start instead of sorting every row of the table.
 */
export function orderIndexDdl(schema: ResourceSchema): string {
  const table = assertIdentifier(schema.table);
  const stored = new Set(columnsOf(schema).filter((column) => column.stored).map((column) => column.column));
  return sortableColumnsOf(schema)
    .filter((column) => column !== 'id' && stored.has(column))
    .map((column) => `CREATE INDEX IF NOT EXISTS ${orderIndexName(table, assertIdentifier(column))} ON ${table} (${column}, id);`)
    .join('\n');
}

/** The name of the trigram index of a searched text column. */
export const trigramIndexName = (table: string, column: string) => `${table}_${column}_trgm`;

/**
 * Trigram indexes (pg_trgm, migration 031) on the text columns a search form filters by substring: `LIKE '%text%'`
 * then reads the index's matches instead of every row of the table.
 */
export function trigramIndexDdl(schema: ResourceSchema): string {
  const table = assertIdentifier(schema.table);
  return columnsOf(schema)
    .filter((column) => column.field?.search === 'like' && (column.type === 'string' || column.type === 'text'))
    .map(
      (column) =>
        `CREATE INDEX IF NOT EXISTS ${trigramIndexName(table, column.column)} ON ${table} USING gin (${column.column} gin_trgm_ops);`,
    )
    .join('\n');
}

async function ensureResourceTable(db: Db, schema: ResourceSchema): Promise<void> {
  const table = assertIdentifier(schema.table);
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.exec(tableDdl(schema));
    await ensureCountTriggers(tx, table);
  });
}

/** The triggers that keep `blade_row_count` for a table; rows written before they existed are counted once. */
async function ensureCountTriggers(tx: Db, table: string): Promise<void> {
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
  await tx.query('DELETE FROM blade_row_count WHERE table_name = $1', [table]);
  await tx.query(
    `INSERT INTO blade_row_count (table_name, tenant_id, live_rows)
     SELECT $1, tenant_id, count(*) FROM ${table} WHERE is_deleted = 0 GROUP BY tenant_id`,
    [table],
  );
}
