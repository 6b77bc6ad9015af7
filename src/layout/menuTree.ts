import type { MenuItem } from '../../providers/access';

/** External pages (spec §2: http(s) addresses) open outside the app. */
export const isExternalPath = (path: string) => /^https?:\/\//i.test(path);

/** The menus that lead to a screen (no children), in menu order. */
export function leafMenus(menus: readonly MenuItem[]): MenuItem[] {
  return menus.flatMap((menu) => (menu.children && menu.children.length > 0 ? leafMenus(menu.children) : [menu]));
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
