import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRUD } from '../../resources/operations';
import type { ResourceSchema } from '../../resources/types';
import { runMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { ensureAllResourceTables } from '../../server/db/resource-tables';
import type { Db } from '../../server/db/types';
import { freshDataDir } from './data-dir';

const widget: ResourceSchema = {
  name: 'widget',
  title: { zh: '部件', en: 'Widgets' },
  api: '/gateway/blade-widget/widget',
  table: 'blade_fixture_widget',
  tenantScoped: true,
  route: '/test/widget',
  permissionCode: 'widget',
  operations: CRUD,
  form: { mode: 'modal' },
  fields: [
    { name: 'widgetCode', type: 'string', label: { zh: '编号', en: 'Code' }, maxLength: 32, unique: '编号已存在' },
    { name: 'widgetName', type: 'string', label: { zh: '名称', en: 'Name' }, maxLength: 64 },
  ],
};

let dir: string;
let db: Db;
/** The DDL and queries run through the database, to see what a start does. */
let statements: string[] = [];

const recording = (inner: Db): Db => ({
  ...inner,
  query: (sql, params) => (statements.push(sql), inner.query(sql, params)),
  exec: (sql) => (statements.push(sql), inner.exec(sql)),
  transaction: (fn) => inner.transaction((tx) => fn(recording(tx))),
});

const columnsOf = async (table: string) =>
  (await db.query<{ column_name: string }>('SELECT column_name FROM information_schema.columns WHERE table_name = $1', [table])).map(
    (row) => row.column_name,
  );

beforeAll(async () => {
  dir = freshDataDir('blade-resource-tables-');
  db = await openPglite(dir);
  await runMigrations(db);
});
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('resource tables at start', () => {
  it('makes the table of a new schema: its columns, unique index and row-count triggers', async () => {
    statements = [];
    await ensureAllResourceTables(recording(db), [widget]);
    expect(await columnsOf('blade_fixture_widget')).toEqual(expect.arrayContaining(['widget_code', 'widget_name', 'tenant_id', 'is_deleted']));
    expect(statements.some((sql) => sql.includes('CREATE TRIGGER blade_fixture_widget_count_insert'))).toBe(true);
    const indexes = await db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'blade_fixture_widget'");
    expect(indexes.map((row) => row.indexname)).toContain('blade_fixture_widget_tenant_live');
  });

  it('runs no DDL on a later start when the schema has not changed', async () => {
    statements = [];
    await ensureAllResourceTables(recording(db), [widget]);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^SELECT resource_name, fingerprint FROM blade_resource_table/);
  });

  it('adds the column of a field added to the schema on the next start, and then skips again', async () => {
    const grown: ResourceSchema = {
      ...widget,
      fields: [...widget.fields, { name: 'weight', type: 'int', label: { zh: '重量', en: 'Weight' } }],
    };
    statements = [];
    await ensureAllResourceTables(recording(db), [grown]);
    expect(await columnsOf('blade_fixture_widget')).toContain('weight');
    expect(statements.some((sql) => sql.includes('ADD COLUMN IF NOT EXISTS weight integer'))).toBe(true);

    statements = [];
    await ensureAllResourceTables(recording(db), [grown]);
    expect(statements).toHaveLength(1);
  });
});
