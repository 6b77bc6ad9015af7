import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** What the checks read as source. */
export const EXTENSIONS = ['.ts', '.tsx', '.mts'];

/** The TypeScript sources under `dir` (declaration files, node_modules and dot folders left out); none if it is missing. */
export function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return EXTENSIONS.some((extension) => entry.name.endsWith(extension)) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}
