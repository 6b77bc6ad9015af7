import type { MenuItem } from '../../../providers/access';
import { leafMenus } from '../menuTree';

/**
 * The screens whose name starts with `query`, ignoring case (spec §2 menu search); every screen when the query is
 * blank. `nameOf` gives the name the user sees (translated).
 */
export function searchMenus(menus: readonly MenuItem[], query: string, nameOf: (menu: MenuItem) => string): MenuItem[] {
  const prefix = query.trim().toLocaleLowerCase();
  const leaves = leafMenus(menus);
  if (!prefix) return leaves;
  return leaves.filter((menu) => nameOf(menu).toLocaleLowerCase().startsWith(prefix));
}
