import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImports } from '../../build/checkImports';

/** A tiny source tree of the house's shape, written to a temporary folder. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-imports-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const messages = (root: string) => checkImports(root).map((problem) => problem.message);

describe('the import checker of npm run lint', () => {
  it('refuses a circle made of type-only imports, which oxlint\'s cycle rule does not see', () => {
    const root = tree({
      'server/blade/behaviour.ts': "import type { Store } from './crud';\nexport interface Behaviour { store?: Store }\n",
      'server/blade/crud.ts': "import type { Behaviour } from './behaviour';\nexport interface Store { behaviour: Behaviour }\n",
    });
    expect(messages(root)).toEqual([
      'import circle (type-only imports included): server/blade/behaviour.ts -> server/blade/crud.ts -> server/blade/behaviour.ts',
    ]);
  });

  it('sees multi-line, re-exported and dynamic imports, and passes a tree without circles', () => {
    const circle = tree({
      'src/a.tsx': "import {\n  type B,\n  b,\n} from './b';\nexport const a = b;\nexport type A = B;\n",
      'src/b.ts': "export * from './c';\nexport type B = string;\nexport const b = 1;\n",
      'src/c.ts': "export const load = () => import('./a');\n",
    });
    expect(messages(circle)).toEqual(['import circle (type-only imports included): src/a.tsx -> src/b.ts -> src/c.ts -> src/a.tsx']);
    const clean = tree({
      'src/a.tsx': "import { b } from './b';\n// import { a } from './a' is only a comment\nexport const a = b;\n",
      'src/b.ts': "import { useState } from 'react';\nexport const b = useState;\n",
    });
    expect(messages(clean)).toEqual([]);
  });

  it('refuses a backward import: the registry below the composition roots, the server importing the UI or providers', () => {
    const root = tree({
      'resources/schemas.ts': 'export const resourceSchemas = [];\n',
      'server/main.ts': "import { resourceSchemas } from '../resources/schemas';\nexport const roots = resourceSchemas;\n",
      'server/blade/crud.ts': "import type { resourceSchemas } from '../../resources/schemas';\nexport type S = typeof resourceSchemas;\n",
      'server/app.ts': "import type { Page } from '../src/page';\nexport type P = Page;\n",
      'providers/i18n.ts': "import { x } from '../server/x';\nexport const y = x;\n",
      'server/x.ts': 'export const x = 1;\n',
      'src/page.ts': 'export type Page = string;\n',
    });
    expect(messages(root).sort()).toEqual([
      'providers/i18n.ts imports server/x.ts: providers never import the app or the server: the app injects what they need',
      'server/app.ts imports src/page.ts: the server never imports the UI',
      'server/blade/crud.ts imports resources/schemas.ts: the registry is handed in by the composition roots (server/main.ts, server/dev.ts, src/main.tsx, src/readVisitEarly.ts)',
    ]);
  });

  it('finds nothing to refuse in the house itself', () => {
    expect(checkImports(join(__dirname, '../..'))).toEqual([]);
  });
});
