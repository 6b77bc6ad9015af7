import { describe, expect, it } from 'vitest';
import { forbidStaticImports, isOwnModule, staticClosure } from '../../build/staticClosure';

/** A module graph as the build's plugin context shows it: each id with the ids it imports statically. */
function contextOf(graph: Record<string, string[]>) {
  const errors: string[] = [];
  return {
    errors,
    getModuleIds: () => Object.keys(graph)[Symbol.iterator](),
    getModuleInfo: (id: string) => (id in graph ? { importedIds: graph[id] } : null),
    error(message: string) {
      errors.push(message);
      throw new Error(message);
    },
  };
}

const graph = {
  '/app/src/Shell.tsx': ['/app/src/List.tsx', '/app/node_modules/antd/es/index.js'],
  '/app/src/List.tsx': ['/app/src/cells.tsx'],
  '/app/src/cells.tsx': [],
  '/app/src/Form.tsx': ['/app/src/editors.tsx'],
  '/app/src/editors.tsx': [],
  // A package's barrel imports all of it, including what only the form uses.
  '/app/node_modules/antd/es/index.js': ['/app/node_modules/antd/es/date-picker/index.js', '/app/src/Form.tsx'],
  '/app/node_modules/antd/es/date-picker/index.js': [],
};

describe('the code a signed-in visit runs first, by static imports from its roots', () => {
  it("holds the roots and the project's modules they import, not what only a lazy form imports, nor packages", () => {
    const closure = staticClosure(['src/Shell.tsx']);
    (closure.plugin.buildEnd as (this: unknown) => void).call(contextOf(graph));
    expect(['/app/src/Shell.tsx', '/app/src/List.tsx', '/app/src/cells.tsx'].every((id) => closure.has(id))).toBe(true);
    expect(closure.has('/app/src/Form.tsx')).toBe(false);
    expect(closure.has('/app/src/editors.tsx')).toBe(false);
    expect(closure.has('/app/node_modules/antd/es/index.js')).toBe(false);
  });

  it('refuses to answer before the graph is known, and fails the build on a root that is not there', () => {
    const closure = staticClosure(['src/Shell.tsx', 'src/Gone.tsx']);
    expect(() => closure.has('/app/src/Shell.tsx')).toThrow(/before the module graph/);
    const context = contextOf(graph);
    expect(() => (closure.plugin.buildEnd as (this: unknown) => void).call(context)).toThrow();
    expect(context.errors[0]).toMatch(/2 roots, 1 found/);
  });

  it('tells project files from packages and virtual modules', () => {
    expect(isOwnModule('/app/src/List.tsx')).toBe(true);
    expect(isOwnModule('/app/node_modules/rc-picker/es/index.js')).toBe(false);
    expect(isOwnModule('__vite-browser-external')).toBe(false);
    expect(isOwnModule('\0vite/preload-helper.js')).toBe(false);
  });
});

describe('no static import from the first bundle into the later one', () => {
  const chunk = (fileName: string, name: string, modules: string[], imports: string[] = []) => ({
    type: 'chunk',
    fileName,
    name,
    imports,
    modules: Object.fromEntries(modules.map((id) => [id, {}])),
  });
  const run = (bundle: Record<string, unknown>) => {
    const context = contextOf(graph);
    const plugin = forbidStaticImports('signed-in', 'later');
    try {
      (plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void).call(context, {}, bundle);
    } catch {
      // The message is what the test reads.
    }
    return context.errors;
  };

  it('passes when the later bundle is only imported dynamically', () => {
    const errors = run({
      'a.js': chunk('a.js', 'signed-in', ['/app/src/Shell.tsx', '/app/src/List.tsx', '/app/src/cells.tsx']),
      'b.js': chunk('b.js', 'later', ['/app/src/Form.tsx', '/app/src/editors.tsx']),
    });
    expect(errors).toEqual([]);
  });

  it('fails the build naming the chunks and the import that pulls the later code in', () => {
    const errors = run({
      'a.js': chunk('a.js', 'signed-in', ['/app/src/Shell.tsx', '/app/node_modules/antd/es/index.js'], ['b.js']),
      'b.js': chunk('b.js', 'later', ['/app/node_modules/antd/es/date-picker/index.js']),
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('a.js (signed-in) imports b.js (later) statically');
    expect(errors[0]).toContain('/app/node_modules/antd/es/index.js → /app/node_modules/antd/es/date-picker/index.js');
  });
});
