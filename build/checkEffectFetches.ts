import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './sourceFiles';

/**
 * Screens read data through Refine's hooks (`useList`, `useOne`, `useCustom`, `useSelect`, or a query keyed under
 * the resource), so a write that declares the resource refreshes every view of it. A fetch started in an effect
 * (`useEffect(() => { http.get(…).then(setRows) })`) is invisible to that: it shows what was there before the write.
 * This check refuses a data-provider or http call inside an effect of the UI folders. An effect that must fetch
 * something that is not screen data (the sign-in page's site settings, before any session) says why on the line
 * above it: `// not screen data: <why>`.
 */

const UI_ROOTS = ['src', 'resources'];

/** What starts a request: the http client, `fetch`, the data provider's methods, or a `fetch…`/`load…` helper. */
const FETCH_CALL =
  /\b(?:http|axios)\s*\.\s*(?:get|post|put|patch|delete|head|request)\s*[<(]|(?<![.\w])fetch\s*\(|\bdataProvider\s*\(|\.\s*(?:getList|getOne|getMany|custom)\s*[<(]|\b(?:fetch|load)[A-Z]\w*\s*[<(]/;

const EFFECT_START = /\buse(?:Layout)?Effect\s*\(/g;

/** The marker that lets an effect fetch, on the line just above it. */
const ALLOW_MARKER = /\/\/\s*not screen data:\s*\S/;

export interface EffectFetch {
  file: string;
  line: number;
  text: string;
}

/** Comments and string contents blanked (lengths and line breaks kept), so brackets and calls in them are not read. */
function codeOnly(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g, (match) =>
    match.startsWith('`') || match.startsWith("'") || match.startsWith('"')
      ? match[0] + match.slice(1, -1).replace(/[^\n]/g, ' ') + match.at(-1)
      : match.replace(/[^\n]/g, ' '),
  );
}

/** The text from the `(` at `open` to its matching `)`. */
function argumentsAt(code: string, open: number): string {
  let depth = 0;
  for (let index = open; index < code.length; index++) {
    const char = code[index];
    if (char === '(' || char === '{' || char === '[') depth++;
    else if (char === ')' || char === '}' || char === ']') {
      depth--;
      if (depth === 0) return code.slice(open, index + 1);
    }
  }
  return code.slice(open);
}

/** `const x = (…) => …`, `const x = useCallback(async (…) => …`, `function x(…)`: the file's own functions. */
const DEFINITION = /\b(?:const|let)\s+(\w+)\s*=\s*(?:useCallback\s*\(\s*)?(?:async\s+)?(?:\([^()]*\)|\w+)\s*(?::[^=;]*)?=>\s*|\bfunction\s+(\w+)\s*(?=\()/g;

/** The body of the function whose definition ends at `from`: a block, or an expression up to the line's end. */
function bodyAt(code: string, from: number, isDeclaration: boolean): string {
  if (isDeclaration) {
    const params = argumentsAt(code, from);
    const open = code.indexOf('{', from + params.length);
    return open < 0 ? '' : argumentsAt(code, open);
  }
  if (code[from] === '{' || code[from] === '(') return argumentsAt(code, from);
  const end = code.indexOf('\n', from);
  return code.slice(from, end < 0 ? undefined : end);
}

/**
 * The file's own functions that start a request, directly or through another of them: an effect calling
 * `reload()` or `loadChildren(code)` fetches as surely as one calling `http.get`.
 */
function fetchingHelpersOf(code: string): Set<string> {
  const bodies = new Map<string, string>();
  for (const match of code.matchAll(DEFINITION)) {
    const name = match[1] ?? match[2]!;
    bodies.set(name, (bodies.get(name) ?? '') + bodyAt(code, match.index + match[0].length, match[2] !== undefined));
  }
  const fetching = new Set<string>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [name, body] of bodies) {
      if (fetching.has(name)) continue;
      if (FETCH_CALL.test(body) || [...fetching].some((helper) => new RegExp(`(?<![.\\w])${helper}\\s*\\(`).test(body))) {
        fetching.add(name);
        grew = true;
      }
    }
  }
  return fetching;
}

/** Where in an effect's arguments a request starts: a fetch call, a call of a fetching helper, or the helper itself. */
function fetchIn(body: string, helpers: Set<string>): number | undefined {
  const direct = FETCH_CALL.exec(body);
  if (direct) return direct.index;
  const passed = /^\(\s*(\w+)\s*[,)]/.exec(body);
  if (passed && helpers.has(passed[1]!)) return 0;
  for (const helper of helpers) {
    const call = new RegExp(`(?<![.\\w])${helper}\\s*\\(`).exec(body);
    if (call) return call.index;
  }
  return undefined;
}

/** The effects of one file that start a request (`file` as reported, relative to the project root). */
export function effectFetchesIn(file: string, text: string): EffectFetch[] {
  const code = codeOnly(text);
  const lines = text.split('\n');
  const helpers = fetchingHelpersOf(code);
  const found: EffectFetch[] = [];
  for (const match of code.matchAll(EFFECT_START)) {
    const start = match.index;
    const body = argumentsAt(code, start + match[0].length - 1);
    const at = fetchIn(body, helpers);
    if (at === undefined) continue;
    const line = code.slice(0, start).split('\n').length;
    if (ALLOW_MARKER.test(lines[line - 2] ?? '')) continue;
    const callLine = line + body.slice(0, at).split('\n').length - 1;
    found.push({ file, line: callLine, text: (lines[callLine - 1] ?? '').trim() });
  }
  return found;
}

export function checkProject(root: string): EffectFetch[] {
  return UI_ROOTS.flatMap((top) => sourceFiles(join(root, top)))
    // A resource's server.ts is server code: it has no effects to check.
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('/server.ts')).flatMap((path) =>
    effectFetchesIn(relative(root, path).split(sep).join('/'), readFileSync(path, 'utf8')),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const offences = checkProject(join(fileURLToPath(import.meta.url), '..', '..'));
  for (const offence of offences) {
    console.error(
      `${offence.file}:${offence.line}: a fetch inside an effect; read through Refine's hooks (useList, useOne, useCustom) so writes refresh it, or say "// not screen data: <why>" above the effect\n    ${offence.text}`,
    );
  }
  if (offences.length > 0) process.exit(1);
}
