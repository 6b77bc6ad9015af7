import type { MenuItem } from '../../providers/access';

/** External pages (spec §2: http(s) addresses). */
export const isExternalPath = (path: string) => /^https?:\/\//i.test(path);

/** Spec §2: a path containing 'html' or starting with http(s) is shown embedded, in the iframe route. */
export const opensInIframe = (path: string) => isExternalPath(path) || path.includes('html');

export const IFRAME_ROUTE_PREFIX = '/myiframe/';

/** The iframe route that embeds `path`. */
export const iframeRouteOf = (path: string) => IFRAME_ROUTE_PREFIX + encodeURIComponent(path);

/** Menu `isOpen` 2: the page opens in a new window. */
export const NEW_WINDOW = 2;

/** Where choosing a menu leads: an app route, or a new window (isOpen 2) at the menu's address. */
export type MenuDestination = { kind: 'route'; to: string } | { kind: 'window'; url: string };

export function destinationOf(menu: Pick<MenuItem, 'path' | 'isOpen'>): MenuDestination {
  if (menu.isOpen === NEW_WINDOW) return { kind: 'window', url: menu.path };
  return { kind: 'route', to: opensInIframe(menu.path) ? iframeRouteOf(menu.path) : menu.path };
}

/** The menus that lead to a screen (no children), in menu order. */
export function leafMenus(menus: readonly MenuItem[]): MenuItem[] {
  return menus.flatMap((menu) => (menu.children && menu.children.length > 0 ? leafMenus(menu.children) : [menu]));
}

/** The menu (group or screen) at `path`, searching the whole tree. */
export function menuByPath(menus: readonly MenuItem[], path: string): MenuItem | undefined {
  for (const menu of menus) {
    if (menu.path === path) return menu;
    const below = menu.children ? menuByPath(menu.children, path) : undefined;
    if (below) return below;
  }
  return undefined;
}

/** Paths of the groups that contain the menu at `path`, outermost first; empty when no menu has that path. */
export function ancestorPathsOf(menus: readonly MenuItem[], path: string): string[] {
  for (const menu of menus) {
    if (menu.path === path) return [];
    if (menu.children) {
      const below = ancestorPathsOf(menu.children, path);
      if (below.length > 0 || menu.children.some((child) => child.path === path)) return [menu.path, ...below];
    }
  }
  return [];
}
