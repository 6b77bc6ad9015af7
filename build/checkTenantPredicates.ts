import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './sourceFiles';

/**
 * Every read of tenant data goes through the scope seam (`server/blade/scope.ts`), which adds tenant, data scope and
 * logical delete together: a hand-written `tenant_id = <value>` elsewhere is how a read forgets the other two. Only
 * the server core (which is the seam), the database layer (schema and seeding, before any caller) and sign-in (no
 * caller yet) may compare `tenant_id` with a value. A column compared with a column (a join) is not a tenant filter.
 */
export const ALLOWED = ['server/blade/', 'server/db/', 'server/modules/auth/', 'server/users/'];

const SOURCE_ROOTS = ['server', 'resources', 'src', 'providers', 'agent'];

/** `tenant_id` compared with a bound value, an interpolation, a literal or a set (`IN`, `= ANY`); `===` is JavaScript. */
const TENANT_PREDICATE = /\btenant_id\s*(?:=(?!=)\s*(?:\$\d|\$\{|'|"|ANY\s*\()|\bIN\s*\()/i;

export interface Offence {
  file: string;
  line: number;
  text: string;
}

/** The offending lines of one file's text (`file` as it is reported, relative to the project root, `/`-separated). */
export function tenantPredicatesIn(file: string, text: string): Offence[] {
  if (ALLOWED.some((prefix) => file.startsWith(prefix))) return [];
  return text.split('\n').flatMap((line, index) => (TENANT_PREDICATE.test(line) ? [{ file, line: index + 1, text: line.trim() }] : []));
}

export function checkProject(root: string): Offence[] {
  return SOURCE_ROOTS.flatMap((top) => sourceFiles(join(root, top))).flatMap((path) =>
    tenantPredicatesIn(relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8')),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const offences = checkProject(join(fileURLToPath(import.meta.url), '..', '..'));
  for (const offence of offences) {
    console.error(`${offence.file}:${offence.line}: a hand-written tenant predicate; read through server/blade/scope.ts (scopedRows, tenantRows)\n    ${offence.text}`);
  }
  if (offences.length > 0) process.exit(1);
}
