import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loadMenus, loadPermissions, loadTopMenus, storedMenuTree, takeArrivedMenus, type MenuItem, type TopMenu } from '../../providers/access';
import { storeKeys } from '../../providers/session';
import { NAVIGATION_READ_TTL_MS } from '../../providers/http';
import { getStore, setStore } from '../../providers/storage';
import { useRegistry } from '../registry';
import { readScreenDataEarly } from '../router/readVisitDataEarly';
import { destinationOf } from './menuTree';

export interface MenuState {
  /** The user's whole menu tree (every top menu): what the role may open. */
  allMenus: MenuItem[];
  /** What the sidebar shows: the whole tree, or the chosen top menu's part of it. */
  sideMenus: MenuItem[];
  topMenus: TopMenu[];
  /** The chosen top menu's id; undefined for the home item (the whole tree). */
  activeTopMenuId: string | undefined;
  /** True once the server answered `menu/routes`: until then the stored copy is shown but not trusted for access. */
  loaded: boolean;
  selectTopMenu(id: string | undefined): Promise<void>;
  /** Fetches menus and button permissions again (after the server-side cache was cleared). */
  reload(): Promise<void>;
}

const MenuContext = createContext<MenuState>({
  allMenus: [],
  sideMenus: [],
  topMenus: [],
  activeTopMenuId: undefined,
  loaded: false,
  selectTopMenu: async () => undefined,
  reload: async () => undefined,
});

/** The signed-in user's whole menu tree, as the home page's entry cards use it. */
export function useMenus(): MenuItem[] {
  return useContext(MenuContext).allMenus;
}

export function useMenuState(): MenuState {
  return useContext(MenuContext);
}

const sameContent = (shown: unknown, loaded: unknown) => JSON.stringify(shown) === JSON.stringify(loaded);

/** The whole tree, kept as `menuAll` (the `menu` record follows what the sidebar shows). */
async function loadAllMenus(): Promise<MenuItem[]> {
  const menus = await loadMenus();
  setStore({ name: storeKeys.menuAll, content: menus });
  return menus;
}

/** The menus asked for while the code loaded, if they have arrived, with the whole tree kept as `menuAll` too. */
function arrivedMenus() {
  const arrived = takeArrivedMenus();
  if (arrived) setStore({ name: storeKeys.menuAll, content: arrived.menus });
  return arrived;
}

/**
 * Starts from the menus asked for while the code loaded when they have arrived (a cold visit), else from those stored
 * at login so the shell renders at once and then reloads menus, top menus and button permissions, so that a page
 * reload picks up role changes either way.
 */
export function MenuProvider({ children }: { children: ReactNode }) {
  // Taken in the first render: the whole shell renders once with them instead of again when they arrive.
  const [arrived] = useState(arrivedMenus);
  const [allMenus, setAllMenus] = useState<MenuItem[]>(() => arrived?.menus ?? storedMenuTree());
  const [topMenuMenus, setTopMenuMenus] = useState<MenuItem[] | undefined>();
  const [topMenus, setTopMenus] = useState<TopMenu[]>(() => arrived?.topMenus ?? getStore<TopMenu[]>({ name: storeKeys.topMenu }) ?? []);
  const [activeTopMenuId, setActiveTopMenuId] = useState<string | undefined>();
  const [loaded, setLoaded] = useState(arrived !== undefined);

  const reload = useCallback(async () => {
    // Failures are already reported by the http layer; the stored copies stay in use.
    const [menus] = await Promise.all([
      loadAllMenus().catch(() => undefined),
      loadPermissions().catch(() => undefined),
      loadTopMenus().then((loaded) => setTopMenus((shown) => (sameContent(shown, loaded) ? shown : loaded)), () => undefined),
    ]);
    if (menus) {
      // Usually what was stored: keeping the same tree spares the sidebar a render.
      setAllMenus((shown) => (sameContent(shown, menus) ? shown : menus));
      setTopMenuMenus(undefined);
      setActiveTopMenuId(undefined);
      setLoaded(true);
    }
  }, []);

  useEffect(() => {
    if (!arrived) void reload();
  }, [arrived, reload]);

  const selectTopMenu = useCallback(async (id: string | undefined) => {
    setActiveTopMenuId(id);
    if (id === undefined) {
      setStore({ name: storeKeys.menu, content: allMenus });
      setTopMenuMenus(undefined);
      return;
    }
    const menus = await loadMenus(id).catch(() => undefined);
    if (menus) setTopMenuMenus(menus);
  }, [allMenus]);

  const state = useMemo<MenuState>(
    () => ({
      allMenus,
      sideMenus: topMenuMenus ?? allMenus,
      topMenus,
      activeTopMenuId,
      loaded,
      selectTopMenu,
      reload,
    }),
    [allMenus, topMenuMenus, topMenus, activeTopMenuId, loaded, selectTopMenu, reload],
  );
  return <MenuContext.Provider value={state}>{children}</MenuContext.Provider>;
}

/** A menu's name in the current language: its `menu.<code>` key, else the server's name. */
export function useMenuName(): (menu: Pick<MenuItem, 'code' | 'name'>) => string {
  const { t } = useTranslation();
  return useCallback((menu) => t(`menu.${menu.code}`, { defaultValue: menu.name }), [t]);
}

/** Opens a menu's page: in the app (embedded when external), or in a new window for `isOpen` 2. */
export function useOpenMenu(): (menu: Pick<MenuItem, 'path' | 'isOpen'>) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { schemas } = useRegistry();
  return useCallback(
    (menu) => {
      const destination = destinationOf(menu);
      if (destination.kind === 'window') {
        window.open(destination.url, '_blank', 'noopener');
        return;
      }
      // The screen shown already asks for nothing on the same address.
      if (destination.to !== pathname) readScreenDataEarly(schemas, destination.to, '', NAVIGATION_READ_TTL_MS);
      void navigate(destination.to);
    },
    [navigate, pathname, schemas],
  );
}
