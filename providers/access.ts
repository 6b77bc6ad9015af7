import type { AccessControlProvider } from '@refinedev/core';
import { buttonCode, operationOf, type ResourceSchema } from '../resources/types';
import { http, readEarly, takeAllArrivedEarly } from './http';
import { storeKeys } from './session';
import { getStore, setStore } from './storage';

/** A node of the menu or button tree (blade-contract §4); `children` is absent on leaves. */
export interface MenuItem {
  id: string;
  parentId: string;
  code: string;
  name: string;
  alias?: string;
  path: string;
  /** Icon name. */
  source?: string;
  sort?: number;
  category?: number;
  action?: number;
  /** 1 same window, 2 new window. */
  isOpen?: number;
  children?: MenuItem[];
}

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source?: string;
  path?: string;
  sort?: number;
}

export type PermissionMap = Record<string, boolean>;

interface Envelope<T> {
  data: T;
}

/** The part of a button-tree node that permissions need. */
export interface CodeNode {
  code: string;
  children?: CodeNode[];
}

/** Every leaf `code` of the button tree → true (spec §6). */
export function collectLeafCodes(tree: CodeNode[]): PermissionMap {
  const permissions: PermissionMap = {};
  const visit = (nodes: CodeNode[]): void => {
    for (const node of nodes) {
      if (node.children && node.children.length > 0) visit(node.children);
      else if (node.code) permissions[node.code] = true;
    }
  };
  visit(tree);
  return permissions;
}

/** Refine action → the Blade button (operation alias) it stands for; `list` needs no button. */
const screenActionOf: Record<string, string | undefined> = {
  create: 'add',
  clone: 'add',
  edit: 'edit',
  delete: 'delete',
  show: 'view',
};

/** The permission code a Refine action needs on a resource, or undefined when it needs none. */
export function permissionCodeFor(schema: ResourceSchema, action: string): string | undefined {
  if (action === 'list') return undefined;
  return buttonCode(schema.permissionCode, screenActionOf[action] ?? String(action));
}

/** Allowed when the screen has the action and the user holds its button; resources without a schema are open. */
export function isActionAllowed(
  permissions: PermissionMap,
  schema: ResourceSchema | undefined,
  action: string,
): boolean {
  if (!schema || action === 'list') return true;
  // The screen must declare the operation (task records have no add, whoever holds what).
  if (!operationOf(schema, screenActionOf[action] ?? action)) return false;
  const code = permissionCodeFor(schema, action);
  return code === undefined || permissions[code] === true;
}

/** The role's whole menu tree as this browser last stored it (at login, or by the last load of the menus). */
export function storedMenuTree(): MenuItem[] {
  return getStore<MenuItem[]>({ name: storeKeys.menuAll }) ?? getStore<MenuItem[]>({ name: storeKeys.menu }) ?? [];
}

function storedPermissions(): PermissionMap {
  return getStore<PermissionMap>({ name: storeKeys.permission }) ?? {};
}

export function hasPermission(code: string): boolean {
  return storedPermissions()[code] === true;
}

const BUTTONS_URL = '/api/blade-system/menu/buttons';
const ROUTES_URL = '/api/blade-system/menu/routes';
const TOP_MENUS_URL = '/api/blade-system/menu/top-menu';

/** Asks for the buttons, the whole menu and the top menus now, for the layout that will load them (see readEarly). */
export function readMenusEarly(): void {
  for (const url of [BUTTONS_URL, ROUTES_URL, TOP_MENUS_URL]) readEarly(url);
}

/** What `loadMenus`, `loadTopMenus` and `loadPermissions` answer together. */
export interface ArrivedMenus {
  menus: MenuItem[];
  topMenus: TopMenu[];
  permissions: PermissionMap;
}

/**
 * The three answers `readMenusEarly` asked for, if all have arrived, kept in their records as their loaders keep them:
 * the layout's first render can show them instead of rendering again once it has asked.
 */
export function takeArrivedMenus(): ArrivedMenus | undefined {
  const arrived = takeAllArrivedEarly([[BUTTONS_URL], [ROUTES_URL], [TOP_MENUS_URL]]);
  if (!arrived) return undefined;
  const [buttons, menus, topMenus] = arrived.map((data) => (data ?? []) as never[]);
  const permissions = collectLeafCodes(buttons);
  setStore({ name: storeKeys.permission, content: permissions });
  setStore({ name: storeKeys.menu, content: menus });
  setStore({ name: storeKeys.topMenu, content: topMenus });
  return { menus, topMenus, permissions };
}

/** Fetches the user's buttons and keeps them as the `permission` record. */
export async function loadPermissions(): Promise<PermissionMap> {
  const response = await http.get<Envelope<MenuItem[] | null>>(BUTTONS_URL);
  const permissions = collectLeafCodes(response.data.data ?? []);
  setStore({ name: storeKeys.permission, content: permissions });
  return permissions;
}

/** Fetches the role's menu tree (optionally under one top menu) and keeps it as the `menu` record. */
export async function loadMenus(topMenuId?: string): Promise<MenuItem[]> {
  const response = await http.get<Envelope<MenuItem[] | null>>(ROUTES_URL, {
    params: topMenuId ? { topMenuId } : undefined,
  });
  const menus = response.data.data ?? [];
  setStore({ name: storeKeys.menu, content: menus });
  return menus;
}

/** Fetches the top menus and keeps them as the `topMenu` record. */
export async function loadTopMenus(): Promise<TopMenu[]> {
  const response = await http.get<Envelope<TopMenu[] | null>>(TOP_MENUS_URL);
  const topMenus = response.data.data ?? [];
  setStore({ name: storeKeys.topMenu, content: topMenus });
  return topMenus;
}

/** Answers from the permissions loaded by `loadPermissions`, without a request per question. */
export function createAccessControlProvider(schemas: readonly ResourceSchema[]): AccessControlProvider {
  const schemasByName = new Map(schemas.map((schema) => [schema.name, schema]));
  return {
    can: async ({ resource, action }) => {
      const schema = resource ? schemasByName.get(resource) : undefined;
      if (!schema || isActionAllowed(storedPermissions(), schema, action)) return { can: true };
      return { can: false, reason: permissionCodeFor(schema, action) ?? action };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
