import type { Plugin } from 'vite';

interface SignedInPreloadOptions {
  /** The code-splitting group of the signed-in screens (see `codeSplitting.groups` in vite.config.ts). */
  group: string;
  /** The cookie that holds the access token: its presence means the visit will show a signed-in screen. */
  tokenCookie: string;
  loginPath: string;
}

/**
 * A signed-in visit needs the signed-in bundle, but the app only asks for it once its first bundle has been fetched
 * and run. This small script in index.html starts those fetches with the page instead, when a token cookie is there
 * and the address is not the login page; the login page itself stays as light as before.
 */
export function signedInPreload({ group, tokenCookie, loginPath }: SignedInPreloadOptions): Plugin {
  return {
    name: 'signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.values(context.bundle ?? {})
          .filter((output) => output.type === 'chunk' && output.name === group && !output.isEntry)
          .map((chunk) => `/${chunk.fileName}`)
          .sort();
        if (files.length === 0) return [];
        const script = [
          `if (location.pathname !== ${JSON.stringify(loginPath)} && /(^|;\\s*)${tokenCookie}=[^;]/.test(document.cookie))`,
          `  for (const href of ${JSON.stringify(files)}) {`,
          `    const link = document.createElement('link');`,
          `    link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href;`,
          `    document.head.appendChild(link);`,
          `  }`,
        ].join('\n');
        return [{ tag: 'script', attrs: { nonce: 'BLADE_CSP_NONCE' }, children: script, injectTo: 'head' }];
      },
    },
  };
}
