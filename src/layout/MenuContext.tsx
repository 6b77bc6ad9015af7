import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { loadMenus, loadPermissions, type MenuItem } from '../../providers/access';
import { storeKeys } from '../../providers/session';
import { getStore } from '../../providers/storage';

const MenuContext = createContext<MenuItem[]>([]);

/** The signed-in user's menu tree, shared by the sidebar and the home page's entry cards. */
export function useMenus(): MenuItem[] {
  return useContext(MenuContext);
}

/**
 * Starts from the menu stored at login so the shell renders at once, then reloads menus and button permissions
 * so a page reload picks up role changes.
 */
export function MenuProvider({ children }: { children: ReactNode }) {
  const [menus, setMenus] = useState<MenuItem[]>(() => getStore<MenuItem[]>({ name: storeKeys.menu }) ?? []);
  useEffect(() => {
    // Failures are already reported by the http layer; the stored copies stay in use.
    loadMenus().then(setMenus, () => undefined);
    loadPermissions().catch(() => undefined);
  }, []);
  return <MenuContext.Provider value={menus}>{children}</MenuContext.Provider>;
}
