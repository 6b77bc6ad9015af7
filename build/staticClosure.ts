import { isAbsolute } from 'node:path';
import type { Plugin } from 'vite';

/** A file of the project, not of a package nor a bundler's virtual module. */
export const isOwnModule = (id: string) => isAbsolute(id) && !/[\\/]node_modules[\\/]/.test(id);

/**
 * The project's own modules statically reachable from some root modules (through its own modules only: a package's
 * barrel file imports all of the package, of which tree-shaking keeps what is used), known once the build has parsed
 * the whole module graph. A code-splitting group tests it to hold the code a kind of visit runs first. With
 * `throughPackages`, the packages' modules are followed too: for roots that import a package's modules one by one
 * (bpmn-js), which tells what one use of the package needs from what another adds.
 */
export function staticClosure(roots: string[], { throughPackages = false } = {}): { plugin: Plugin; has(id: string): boolean } {
  const members = new Set<string>();
  let known = false;
  const plugin: Plugin = {
    name: 'static-closure',
    apply: 'build',
    buildEnd() {
      members.clear();
      const pending = [...this.getModuleIds()].filter((id) => roots.some((root) => id.replaceAll('\\', '/').endsWith(`/${root}`)));
      if (pending.length !== roots.length) this.error(`static closure: ${roots.length} roots, ${pending.length} found among the modules`);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (members.has(id) || (!throughPackages && !isOwnModule(id))) continue;
        members.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      known = true;
    },
  };
  return {
    plugin,
    has(id) {
      if (!known) throw new Error('static closure: asked before the module graph was complete');
      return members.has(id);
    },
  };
}

/**
 * Fails the build when a chunk of group `from` statically imports one of group `to`: the later code would then be
 * fetched (one round trip after the first) and run on every visit the first group serves. The message names the
 * modules, so the import can be made lazy or the package kept in the first group.
 */
export function forbidStaticImports(from: string, to: string): Plugin {
  return {
    name: 'forbid-static-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const laterModules = new Set(chunks.filter((chunk) => chunk.name === to).flatMap((chunk) => Object.keys(chunk.modules)));
      for (const chunk of chunks.filter((candidate) => candidate.name === from)) {
        const imported = chunks.filter((other) => other.name === to && chunk.imports.includes(other.fileName));
        if (imported.length === 0) continue;
        const users = Object.keys(chunk.modules).flatMap((id) =>
          (this.getModuleInfo(id)?.importedIds ?? []).filter((dep) => laterModules.has(dep)).map((dep) => `${id} → ${dep}`),
        );
        this.error(`${chunk.fileName} (${from}) imports ${imported.map((other) => other.fileName).join(', ')} (${to}) statically:\n${users.join('\n')}`);
      }
    },
  };
}
