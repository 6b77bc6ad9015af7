/**
 * Which tables a statement reads or writes, from its text and the database's catalog: what lets the read cache drop
 * only the answers a write can have changed. Every answer errs on the safe side: where a statement's tables cannot be
 * told (a view, a user function, dynamic SQL, DDL), it counts as reading or writing everything.
 */

/** Every table, or these (lower-case names). */
export type TableSet = 'all' | ReadonlySet<string>;

export interface TableCatalog {
  /** Ordinary tables of the public schema. */
  tables: ReadonlySet<string>;
  /** Names whose use hides other tables: views, user functions. */
  opaque: ReadonlySet<string>;
  /** Per table, every table one write to it changes: itself, what its triggers and cascading foreign keys write. */
  writes: ReadonlyMap<string, TableSet>;
}

/** One statement listing the catalog: `kind` 'table' | 'opaque' | 'trigger' (body in `detail`) | 'cascade' (child). */
export const CATALOG_SQL = `
  SELECT 'table' AS kind, c.relname AS name, NULL AS detail
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
  UNION ALL
  SELECT 'opaque', c.relname, NULL
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind IN ('v', 'm', 'f')
  UNION ALL
  SELECT 'opaque', p.proname, NULL
  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'
  UNION ALL
  SELECT 'trigger', c.relname, p.prosrc
  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
  WHERE NOT t.tgisinternal
  UNION ALL
  SELECT 'cascade', parent.relname, child.relname
  FROM pg_constraint k JOIN pg_class parent ON parent.oid = k.confrelid JOIN pg_class child ON child.oid = k.conrelid
  WHERE k.contype = 'f' AND (k.confdeltype NOT IN ('a', 'r') OR k.confupdtype NOT IN ('a', 'r'))`;

export interface CatalogRow {
  kind: string;
  name: string;
  detail: string | null;
}

/** Words (lower-cased; a quoted identifier keeps its text) and the dots between them; literals and comments dropped. */
export function sqlTokens(sql: string): string[] {
  const tokens: string[] = [];
  const pattern =
    /--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"((?:[^"]|"")*)"|\$([A-Za-z_]\w*)?\$[\s\S]*?\$\2\$|([A-Za-z_][\w$]*)|(\.)/g;
  for (const match of sql.matchAll(pattern)) {
    if (match[1] !== undefined) tokens.push(match[1].replace(/""/g, '"'));
    else if (match[3] !== undefined) tokens.push(match[3].toLowerCase());
    else if (match[4] !== undefined) tokens.push('.');
  }
  return tokens;
}

/** The name at `index`, a schema prefix and `ONLY` skipped; undefined when none is there. */
function nameAt(tokens: string[], index: number): string | undefined {
  let at = index;
  if (tokens[at] === 'only') at++;
  if (tokens[at + 1] === '.') at += 2;
  const name = tokens[at];
  return name && name !== '.' ? name : undefined;
}

/** The tables a data-modifying text names as targets (INSERT INTO, UPDATE, DELETE FROM, MERGE INTO); 'all' if one is not a name. */
export function writeTargets(tokens: string[]): 'all' | string[] {
  const targets: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    let target: string | undefined;
    if ((token === 'insert' || token === 'merge') && tokens[index + 1] === 'into') target = nameAt(tokens, index + 2);
    else if (token === 'delete' && tokens[index + 1] === 'from') target = nameAt(tokens, index + 2);
    else if (token === 'update') {
      // ON CONFLICT … DO UPDATE, SELECT … FOR [NO KEY] UPDATE, and DDL's ON UPDATE / UPDATE OF name no target.
      if (['do', 'for', 'key', 'on'].includes(tokens[index - 1] ?? '')) continue;
      target = nameAt(tokens, index + 1);
    } else if (token === 'truncate' || token === 'copy' || token === 'execute') return 'all';
    else continue;
    if (!target) return 'all';
    targets.push(target);
  }
  return targets;
}

/** Builds the catalog from CATALOG_SQL's rows, following triggers' writes to the tables they write in turn. */
export function catalogOf(rows: CatalogRow[]): TableCatalog {
  const tables = new Set(rows.filter((row) => row.kind === 'table').map((row) => row.name));
  const opaque = new Set(rows.filter((row) => row.kind === 'opaque').map((row) => row.name));
  // Direct effects of one write: the table itself plus its triggers' targets and cascading children.
  const direct = new Map<string, 'all' | Set<string>>([...tables].map((table) => [table, new Set([table])]));
  for (const row of rows) {
    const effects = direct.get(row.name);
    if (!effects || effects === 'all') continue;
    if (row.kind === 'cascade' && row.detail) effects.add(row.detail);
    if (row.kind !== 'trigger') continue;
    const tokens = sqlTokens(row.detail ?? '');
    const targets = writeTargets(tokens);
    // A trigger calling a user function or writing a table it does not name may change anything.
    if (targets === 'all' || tokens.some((token) => opaque.has(token)) || targets.some((target) => !tables.has(target))) {
      direct.set(row.name, 'all');
    } else for (const target of targets) effects.add(target);
  }
  const writes = new Map<string, TableSet>();
  for (const table of tables) {
    const reached = new Set<string>();
    const queue = [table];
    let everything = false;
    while (queue.length > 0 && !everything) {
      const next = direct.get(queue.pop()!);
      if (next === 'all' || next === undefined) everything = true;
      else
        for (const target of next) {
          if (reached.has(target)) continue;
          reached.add(target);
          queue.push(target);
        }
    }
    writes.set(table, everything ? 'all' : reached);
  }
  return { tables, opaque, writes };
}

/** What a statement does to the tables: reads some (a SELECT), writes some, or changes the schema. */
export type StatementEffect = { reads: TableSet } | { writes: TableSet } | { schema: true };

const READS = new Set(['select', 'with', 'values', 'table', 'show', 'explain']);
const WRITES = new Set(['insert', 'update', 'delete', 'merge', 'with']);
/** Statements that change neither data nor schema but whose effect is not worth telling: treated as writing all. */
const SESSION = new Set(['begin', 'commit', 'rollback', 'end', 'savepoint', 'release', 'set', 'reset', 'listen', 'unlisten', 'notify', 'start']);

/** Classifies one statement against `catalog` (undefined while the catalog is unknown: every table). */
export function statementEffect(sql: string, catalog: TableCatalog | undefined): StatementEffect {
  const tokens = sqlTokens(sql);
  const first = tokens[0] ?? '';
  const targets = WRITES.has(first) ? writeTargets(tokens) : [];
  if (READS.has(first) && targets !== 'all' && targets.length === 0) {
    if (!catalog || tokens.some((token) => catalog.opaque.has(token))) return { reads: 'all' };
    return { reads: new Set(tokens.filter((token) => catalog.tables.has(token))) };
  }
  if (WRITES.has(first) || SESSION.has(first)) {
    if (!catalog || targets === 'all' || SESSION.has(first)) return { writes: 'all' };
    // A write that calls a user function may write through it.
    if (tokens.some((token) => catalog.opaque.has(token))) return { writes: 'all' };
    const written = new Set<string>();
    for (const target of targets) {
      const effect = catalog.writes.get(target);
      if (!effect || effect === 'all') return { writes: 'all' };
      for (const table of effect) written.add(table);
    }
    return { writes: written };
  }
  return { schema: true };
}
