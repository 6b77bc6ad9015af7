import { siteConfig } from './config';

/** What is kept under each key (spec §3 storage record); `type` set means session storage. */
export interface StoreRecord<T = unknown> {
  dataType: string;
  content: T;
  type?: string;
  datetime: number;
}

const keyPrefix = `${siteConfig.key}-`;

function storageKey(name: string): string {
  return keyPrefix + name;
}

function storageFor(type?: string): Storage {
  return type ? window.sessionStorage : window.localStorage;
}

export function setStore({ name, content, type }: { name: string; content: unknown; type?: string }): void {
  const record: StoreRecord = { dataType: typeof content, content, type, datetime: Date.now() };
  storageFor(type).setItem(storageKey(name), JSON.stringify(record));
}

/** The content stored under `name` (session storage first), or with `debug` the whole record. */
export function getStore(params: { name: string; debug: true }): StoreRecord | undefined;
export function getStore<T>(params: { name: string; debug?: false }): T | undefined;
export function getStore<T>({ name, debug }: { name: string; debug?: boolean }): T | StoreRecord | undefined {
  const key = storageKey(name);
  const raw = window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key);
  if (raw === null) return undefined;
  let record: StoreRecord<T>;
  try {
    record = JSON.parse(raw) as StoreRecord<T>;
  } catch {
    return undefined;
  }
  if (record === null || typeof record !== 'object' || !('content' in record)) return undefined;
  return debug ? record : record.content;
}

/** Without `type` the key is removed from both storages, since getStore would still find a session copy. */
export function removeStore({ name, type }: { name: string; type?: string }): void {
  const key = storageKey(name);
  if (type) {
    window.sessionStorage.removeItem(key);
    return;
  }
  window.localStorage.removeItem(key);
  window.sessionStorage.removeItem(key);
}

/** Removes this site's keys only, leaving other applications on the same origin alone. */
export function clearStore({ type }: { type?: string } = {}): void {
  const storage = storageFor(type);
  const ownKeys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(keyPrefix)) ownKeys.push(key);
  }
  for (const key of ownKeys) storage.removeItem(key);
}

// Tokens live in cookies (spec §9), as Saber keeps them.
export const ACCESS_TOKEN_COOKIE = 'saber-access-token';
export const REFRESH_TOKEN_COOKIE = 'saber-refresh-token';

/** The cookie's value; '' when it exists but is empty, undefined when absent. */
function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const cookie = part.trim();
    if (cookie.startsWith(prefix)) return decodeURIComponent(cookie.slice(prefix.length));
  }
  return undefined;
}

function writeCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}

function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export function getToken(): string | undefined {
  return readCookie(ACCESS_TOKEN_COOKIE);
}

export function setToken(token: string): void {
  writeCookie(ACCESS_TOKEN_COOKIE, token);
}

export function removeToken(): void {
  deleteCookie(ACCESS_TOKEN_COOKIE);
}

export function getRefreshToken(): string | undefined {
  return readCookie(REFRESH_TOKEN_COOKIE);
}

export function setRefreshToken(token: string): void {
  writeCookie(REFRESH_TOKEN_COOKIE, token);
}

export function removeRefreshToken(): void {
  deleteCookie(REFRESH_TOKEN_COOKIE);
}
