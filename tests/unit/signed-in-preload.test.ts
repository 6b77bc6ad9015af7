import { describe, expect, it } from 'vitest';
import { signedInPreload } from '../../build/signedInPreload';

interface Tag {
  tag: string;
  children: string;
  injectTo: string;
}
type Handler = (html: string, context: { bundle?: Record<string, unknown> }) => Tag[];
const handlerOf = () =>
  (signedInPreload({ group: 'signed-in', tokenCookie: 'token', loginPath: '/login' }).transformIndexHtml as { handler: Handler }).handler;
const chunk = (fileName: string, name: string, isEntry = false) => ({ type: 'chunk', fileName, name, isEntry });

describe('the signed-in bundle fetched with the page', () => {
  const tags = handlerOf()('', {
    bundle: {
      a: chunk('assets/signed-in-b.js', 'signed-in'),
      b: chunk('assets/signed-in-a.js', 'signed-in'),
      c: chunk('assets/later-c.js', 'later'),
      d: chunk('assets/index.js', 'signed-in', true),
    },
  });

  /** Runs the script as index.html would, and lists the links it adds. */
  const run = (pathname: string, cookie: string) => {
    const appended: string[] = [];
    const document = {
      cookie,
      createElement: () => ({}) as Record<string, string>,
      head: { appendChild: (link: Record<string, string>) => appended.push(`${link.rel}:${link.href}`) },
    };
    new Function('location', 'document', tags[0].children)({ pathname }, document);
    return appended;
  };

  it("is one script in the head naming the group's files, not the entry's nor another group's", () => {
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({ tag: 'script', injectTo: 'head' });
    expect(tags[0].children).toContain('["/assets/signed-in-a.js","/assets/signed-in-b.js"]');
    expect(tags[0].children).not.toMatch(/later-c|index\.js/);
  });

  it('asks for the files with a token cookie away from the login page, and for nothing otherwise', () => {
    expect(run('/system/param', 'a=1; token=x')).toEqual(['modulepreload:/assets/signed-in-a.js', 'modulepreload:/assets/signed-in-b.js']);
    expect(run('/login', 'token=x')).toEqual([]);
    expect(run('/system/param', 'other=1; mytoken=x')).toEqual([]);
  });

  it('adds nothing to a build without that group', () => {
    expect(handlerOf()('', { bundle: { c: chunk('assets/later-c.js', 'later') } })).toEqual([]);
  });
});
