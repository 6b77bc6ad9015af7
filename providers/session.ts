import { siteConfig } from './config';
import {
  getStore,
  removeRefreshToken,
  removeStore,
  removeToken,
  setRefreshToken,
  setStore,
  setToken,
} from './storage';

/** Names of the session's storage records (prefixed by storage.ts), the ones Saber uses. */
export const storeKeys = {
  token: 'token',
  tenantId: 'tenantId',
  userInfo: 'userInfo',
  menu: 'menu',
  menuAll: 'menuAll',
  topMenu: 'topMenu',
  permission: 'permission',
  tagList: 'tagList',
  isLock: 'isLock',
  lockPasswd: 'lockPasswd',
  /** Set (session storage) across the reload that a department/role switch ends with: the page then says it worked. */
  deptRoleSwitched: 'deptRoleSwitched',
} as const;

/** Successful answer of POST /api/blade-auth/oauth/token (blade-contract §3): raw JSON, snake_case. */
export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type?: string;
  expires_in?: number;
  scope?: string;
  tenant_id: string;
  user_id: string;
  dept_id?: string;
  post_id?: string;
  role_id?: string;
  oauth_id?: string;
  account?: string;
  user_name?: string;
  nick_name?: string;
  real_name?: string;
  role_name?: string;
  avatar?: string;
  detail?: Record<string, unknown>;
  license?: string;
  client_id?: string;
}

/** The token response without its tokens: what the app keeps about the signed-in user. */
export type UserInfo = Omit<TokenResponse, 'access_token' | 'refresh_token'>;

/** An open tab (spec §3 Tab). */
export interface Tab {
  label: string;
  value: string;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  meta: Record<string, unknown>;
  group: string[];
  /** The screen the tab stands for when it differs from `value` (a resource list with a record open over it). */
  screen?: string;
}

/** The fixed first tab; its label is translated by the tab bar. */
export const homeTab: Tab = {
  label: '首页',
  value: siteConfig.homePath,
  params: {},
  query: {},
  meta: {},
  group: [],
};

export function getUserInfo(): UserInfo | undefined {
  return getStore<UserInfo>({ name: storeKeys.userInfo });
}

/** Stored tenant of the session, else the configured default tenant. */
export function getTenantId(): string {
  return getStore<string>({ name: storeKeys.tenantId }) || siteConfig.tenantId;
}

/** Keeps what a token answer (login or refresh) brings: tokens, their age, tenant and user info. */
export function storeTokenResponse(response: TokenResponse): void {
  const { access_token, refresh_token, ...userInfo } = response;
  setToken(access_token);
  setRefreshToken(refresh_token);
  setStore({ name: storeKeys.token, content: access_token });
  setStore({ name: storeKeys.tenantId, content: response.tenant_id });
  setStore({ name: storeKeys.userInfo, content: userInfo });
}

/** A fresh login starts with the home tab only and unlocked (spec §4). */
export function resetWorkspace(): void {
  setStore({ name: storeKeys.tagList, content: [homeTab] });
  removeStore({ name: storeKeys.isLock });
  removeStore({ name: storeKeys.lockPasswd });
}

/** Forgets the session: tokens, user, menus, permissions, tabs and lock (spec §4 logout). */
export function clearSession(): void {
  removeToken();
  removeRefreshToken();
  for (const name of [
    storeKeys.token,
    storeKeys.userInfo,
    storeKeys.menu,
    storeKeys.menuAll,
    storeKeys.topMenu,
    storeKeys.permission,
    storeKeys.tagList,
    storeKeys.isLock,
    storeKeys.lockPasswd,
  ]) {
    removeStore({ name });
  }
}
