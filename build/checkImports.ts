import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXTENSIONS, sourceFiles } from './sourceFiles';

/**
 * The house's import rules that oxlint does not see: its cycle rule skips `import type`, so a circle made of type
 * imports passed. This checker reads every import (type-only, re-exports and literal dynamic imports included) of the
 * source folders and refuses
 * - a circle between files;
 * - an arrow that runs back up: anything but a composition root importing the registry (`resources/schemas.ts`), the
 *   server importing the UI or the providers, the providers importing the UI or the server, the UI importing the
 *   server.
 * `npm run lint` runs it after oxlint.
 */

export const SOURCE_DIRS = ['build', 'src', 'providers', 'resources', 'server', 'agent'];

/** The registry's list; only the composition roots below hand it in. */
const REGISTRY_FILE = 'resources/schemas.ts';
const COMPOSITION_ROOTS = new Set(['server/main.ts', 'server/dev.ts', 'src/main.tsx', 'src/readVisitEarly.ts']);

/** Folders a folder never imports from (the layers of .oxlintrc.json's restricted imports). */
const FORBIDDEN: Record<string, { folders: string[]; why: string }> = {
  server: { folders: ['src', 'providers'], why: 'the server never imports the UI' },
  providers: { folders: ['src', 'server'], why: 'providers never import the app or the server: the app injects what they need' },
  src: { folders: ['server'], why: 'the UI never imports the server: share types through resources/' },
};

export interface ImportProblem {
  kind: 'cycle' | 'backward';
  message: string;
}

// `import x from '…'`, `import type { X } from '…'`, `import '…'`, `export { x } from '…'`, `export * from '…'`,
// `import('…')` with a literal path. Comments are removed first so that an example in one is not read as an import.
const IMPORT_PATTERNS = [
  /\bimport\s+(?:type\s+)?[\w*{}\s,$]*?\s*from\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

function specifiersOf(text: string): string[] {
  const code = withoutComments(text);
  const found: string[] = [];
  for (const pattern of IMPORT_PATTERNS) for (const match of code.matchAll(pattern)) found.push(match[1]);
  return found;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier.replace(/\?.*$/, ''));
  const candidates = [base, ...EXTENSIONS.map((extension) => base + extension), ...EXTENSIONS.map((extension) => join(base, `index${extension}`))];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
function circles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const lowOf = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indexOf.set(node, index);
    lowOf.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        lowOf.set(node, Math.min(lowOf.get(node)!, lowOf.get(next)!));
      } else if (onStack.has(next)) {
        lowOf.set(node, Math.min(lowOf.get(node)!, indexOf.get(next)!));
      }
    }
    if (lowOf.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return found;
}

/** One path round a circle, from its first file back to it, for the message. */
function pathRound(graph: Map<string, Set<string>>, component: string[]): string[] {
  const members = new Set(component);
  const start = component[0];
  const previous = new Map<string, string>();
  const queue = [start];
  const seen = new Set([start]);
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!seen.has(next)) {
        seen.add(next);
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return [...component, start];
}

export function checkImports(root: string, dirs: readonly string[] = SOURCE_DIRS): ImportProblem[] {
  const name = (file: string) => relative(root, file).split(sep).join('/');
  const graph = new Map<string, Set<string>>();
  const problems: ImportProblem[] = [];
  for (const file of dirs.flatMap((dir) => sourceFiles(join(root, dir)))) {
    const from = name(file);
    const targets = new Set<string>();
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, specifier);
      if (!target) continue;
      const to = name(target);
      targets.add(to);
      if (to === REGISTRY_FILE && !COMPOSITION_ROOTS.has(from)) {
        problems.push({
          kind: 'backward',
          message: `${from} imports ${REGISTRY_FILE}: the registry is handed in by the composition roots (${[...COMPOSITION_ROOTS].join(', ')})`,
        });
      }
      const rule = FORBIDDEN[from.split('/')[0]];
      if (rule?.folders.includes(to.split('/')[0])) problems.push({ kind: 'backward', message: `${from} imports ${to}: ${rule.why}` });
    }
    graph.set(from, targets);
  }
  for (const component of circles(graph)) {
    problems.push({ kind: 'cycle', message: `import circle (type-only imports included): ${pathRound(graph, component).join(' -> ')}` });
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const problems = checkImports(root);
  for (const problem of problems) console.error(`checkImports: ${problem.message}`);
  if (problems.length > 0) process.exit(1);
  console.log(`checkImports: no import circles or backward imports in ${SOURCE_DIRS.join(', ')}`);
}
