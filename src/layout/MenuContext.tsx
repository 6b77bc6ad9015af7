import { keys } from '@refinedev/core';
import { useQueryClient, useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { loadMenus, loadPermissions, loadTopMenus, storedMenuTree, takeArrivedMenus, type MenuItem, type TopMenu } from '../../providers/access';
import { getUserInfo, storeKeys } from '../../providers/session';
import { NAVIGATION_READ_TTL_MS } from '../../providers/http';
import { getStore, setStore } from '../../providers/storage';
import { useRegistry } from '../registry';
import { readScreenDataEarly } from '../router/readVisitDataEarly';
import { destinationOf } from './menuTree';

/** The resource whose writes change the menus: role grants and top-menu settings declare it too. */
const MENU_RESOURCE = 'menu';

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

/** The menu reads are the session's: another user (or role) signed in on this page never sees the last one's. */
function sessionOf(): string {
  const user = getUserInfo();
  return user ? `${user.user_id}|${user.role_id ?? ''}|${user.dept_id ?? ''}` : '';
}

/**
 * Starts from the menus asked for while the code loaded when they have arrived (a cold visit), else from those stored
 * at login so the shell renders at once and then reads menus, top menus and button permissions, so that a page reload
 * picks up role changes either way. Each is a query keyed under the menu resource: a write that changes menus (a menu
 * saved, a role granted, a top menu set) reads them again, and the sidebar follows without a reload.
 */
export function MenuProvider({ children }: { children: ReactNode }) {
  // Taken in the first render: the whole shell renders once with them instead of again when they arrive.
  const [arrived] = useState(arrivedMenus);
  const [stored] = useState(() => ({ menus: storedMenuTree(), topMenus: getStore<TopMenu[]>({ name: storeKeys.topMenu }) ?? [] }));
  const [session] = useState(sessionOf);
  const [activeTopMenuId, setActiveTopMenuId] = useState<string | undefined>();
  const queryClient = useQueryClient();

  const keyOf = useCallback(
    (read: string, topMenuId?: string) => keys().data().resource(MENU_RESOURCE).action('list').params({ navigation: read, session, topMenuId }).get(),
    [session],
  );
  // Read once per session and again only when invalidated: menus change by writes, which say so. A failed read leaves
  // the stored copies in use (the http layer has told the user).
  const once = { staleTime: Infinity, retry: false } as const;
  const menusQuery = useQuery({ queryKey: keyOf('routes'), queryFn: loadAllMenus, ...once, ...(arrived ? { initialData: arrived.menus } : {}) });
  const topMenusQuery = useQuery({ queryKey: keyOf('top-menu'), queryFn: loadTopMenus, ...once, ...(arrived ? { initialData: arrived.topMenus } : {}) });
  // Kept in the permission record, where every button asks.
  useQuery({ queryKey: keyOf('buttons'), queryFn: loadPermissions, ...once, ...(arrived ? { initialData: arrived.permissions } : {}) });
  const topMenuMenusQuery = useQuery({
    queryKey: keyOf('routes', activeTopMenuId),
    queryFn: () => loadMenus(activeTopMenuId),
    ...once,
    enabled: activeTopMenuId !== undefined,
    // Another top menu's menus stay on the side until the picked one's have arrived.
    placeholderData: (previous) => previous,
  });

  const allMenus = menusQuery.data ?? stored.menus;
  const topMenus = topMenusQuery.data ?? stored.topMenus;
  const loaded = menusQuery.isSuccess;
  const topMenuMenus = activeTopMenuId === undefined ? undefined : topMenuMenusQuery.data;

  const reload = useCallback(async () => {
    setActiveTopMenuId(undefined);
    await Promise.all(['routes', 'top-menu', 'buttons'].map((read) => queryClient.refetchQueries({ queryKey: keyOf(read), exact: true })));
  }, [queryClient, keyOf]);

  const selectTopMenu = useCallback(
    async (id: string | undefined) => {
      setActiveTopMenuId(id);
      if (id === undefined) setStore({ name: storeKeys.menu, content: allMenus });
    },
    [allMenus],
  );

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
