import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../providers/access';
import { paramSchema } from '../../resources/param/schema';
import { seedMenusOf, type SeedMenu } from '../../server/db/seed-data/menus';
import { resourceSchemas } from '../../resources/schemas';
import { schemaMessages } from '../../providers/i18n';
import { en as appEn } from '../../src/locales/en';
import { zh as appZh } from '../../src/locales/zh';
import { screenClassOf } from '../../src/hooks/useScreenClass';
import { searchMenus } from '../../src/layout/search/menuSearch';
import { destinationOf, iframeRouteOf, menuByPath, opensInIframe } from '../../src/layout/menuTree';
import { decideNavigation } from '../../src/router/guard';
import { pageTitleOf } from '../../src/router/pageTitles';

// The messages as the app has them: its locale files, with the registry's (titles, folders' messages) merged over.
const zh = { ...appZh, ...schemaMessages(resourceSchemas, 'zh') };
const en = { ...appEn, ...schemaMessages(resourceSchemas, 'en') };
const { menus: seedMenus, topMenus: seedTopMenus } = seedMenusOf(resourceSchemas);

const menu = (code: string, name: string, path: string, children?: MenuItem[]): MenuItem => ({
  id: code,
  parentId: '0',
  code,
  name,
  path,
  children,
});

const tree = [
  menu('system', '系统管理', '/system', [
    menu('param', '参数管理', '/system/param'),
    menu('post', 'Post list', '/system/post'),
    menu('paper', 'paper', '/system/paper'),
  ]),
  menu('docs', '文档', 'https://example.com/docs'),
];

describe('guard lock rule (spec §2)', () => {
  it('sends a locked session everywhere to /lock, and lets it stay there', () => {
    expect(decideNavigation('/system/param', 'jwt', true)).toEqual({ kind: 'redirect', to: '/lock' });
    expect(decideNavigation('/login', 'jwt', true)).toEqual({ kind: 'redirect', to: '/lock' });
    expect(decideNavigation('/lock', 'jwt', true)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/lock', 'jwt', false)).toEqual({ kind: 'allow' });
  });

  it('lets a visitor without a token reach /lock (a no-auth page) and still logs out on an empty token', () => {
    expect(decideNavigation('/lock', undefined, true)).toEqual({ kind: 'allow' });
    expect(decideNavigation('/system/param', '', true)).toEqual({ kind: 'localLogout' });
  });
});

describe('menu destinations (spec §2)', () => {
  it('embeds http(s) addresses and html paths in the iframe route, opens isOpen 2 in a new window', () => {
    expect(opensInIframe('https://example.com')).toBe(true);
    expect(opensInIframe('/static/help.html')).toBe(true);
    expect(opensInIframe('/system/param')).toBe(false);
    expect(destinationOf({ path: 'https://example.com/a?b=1' })).toEqual({
      kind: 'route',
      to: '/myiframe/https%3A%2F%2Fexample.com%2Fa%3Fb%3D1',
    });
    expect(destinationOf({ path: '/system/param' })).toEqual({ kind: 'route', to: '/system/param' });
    expect(destinationOf({ path: '/system/param', isOpen: 2 })).toEqual({ kind: 'window', url: '/system/param' });
  });

  it('finds a menu anywhere in the tree by path', () => {
    expect(menuByPath(tree, '/system/post')?.code).toBe('post');
    expect(menuByPath(tree, '/system')?.code).toBe('system');
    expect(menuByPath(tree, '/nowhere')).toBeUndefined();
  });
});

describe('menu search (spec §2: case-insensitive prefix match on the name)', () => {
  const nameOf = (item: MenuItem) => item.name;

  it('matches the start of the name only, ignoring case', () => {
    expect(searchMenus(tree, 'p', nameOf).map((item) => item.code)).toEqual(['post', 'paper']);
    expect(searchMenus(tree, 'POST', nameOf).map((item) => item.code)).toEqual(['post']);
    expect(searchMenus(tree, 'list', nameOf)).toEqual([]);
    expect(searchMenus(tree, '参数', nameOf).map((item) => item.code)).toEqual(['param']);
  });

  it('lists every screen for a blank query and searches the translated name', () => {
    expect(searchMenus(tree, '  ', nameOf).map((item) => item.code)).toEqual(['param', 'post', 'paper', 'docs']);
    const english = (item: MenuItem) => en[`menu.${item.code}`] ?? item.name;
    expect(searchMenus(tree, 'para', english).map((item) => item.code)).toEqual(['param']);
  });
});

describe('window titles inside the layout', () => {
  it('titles resource screens by key, other menus by menu.<code> with the server name, iframes by their menu', () => {
    expect(pageTitleOf('/system/param', tree, [paramSchema])).toEqual({ key: 'param.title', fallback: '参数管理' });
    expect(pageTitleOf('/system/post', tree, [paramSchema])).toEqual({ key: 'menu.post', fallback: 'Post list' });
    expect(pageTitleOf(iframeRouteOf('https://example.com/docs'), tree, [])).toEqual({
      key: 'menu.docs',
      fallback: '文档',
    });
    expect(pageTitleOf('/wel/index', tree, [])).toEqual({ key: 'wel.title', fallback: '' });
  });

  it('titles an embedded report viewer as the report screen, never showing its token', () => {
    const viewer = iframeRouteOf('/report/view/123?blade-auth=bearer%20secret.jwt');
    expect(pageTitleOf(viewer, tree, [])).toEqual({ key: 'report.title', fallback: '' });
    expect(pageTitleOf(iframeRouteOf('/other/page.html?token=x'), tree, []).fallback).toBe('/other/page.html');
  });
});

describe('screen width classes (spec §9)', () => {
  it('maps widths to 3, 2, 1 and 0', () => {
    expect([1440, 1200, 1199, 992, 991, 768, 767, 320].map(screenClassOf)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });
});

describe('translated menu names', () => {
  it('has a zh key equal to the seeded name and an English key for every seeded menu and top menu', () => {
    const codes: SeedMenu[] = [];
    const walk = (item: SeedMenu) => {
      if (item.category !== 1) return;
      codes.push(item);
      item.children?.forEach(walk);
    };
    seedMenus.forEach(walk);
    for (const item of codes) {
      expect(zh[`menu.${item.code}`]).toBe(item.name);
      expect(en[`menu.${item.code}`]).toMatch(/^[A-Z]/);
    }
    for (const top of seedTopMenus) {
      expect(zh[`topmenu.names.${top.code}`]).toBe(top.name);
      expect(en[`topmenu.names.${top.code}`]).toMatch(/^[A-Z]/);
    }
  });
});
