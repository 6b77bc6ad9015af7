import { siteConfig } from '../../../providers/config';
import { storeKeys } from '../../../providers/session';
import { getStore, removeStore, setStore } from '../../../providers/storage';

/** Spec §4: the lock page is opened this long after locking. */
export const LOCK_DELAY_MS = 100;
export const LOCK_PATH = siteConfig.lockPage;

export function isLocked(): boolean {
  return getStore<boolean>({ name: storeKeys.isLock }) === true;
}

export function storedLockPassword(): string | undefined {
  return getStore<string>({ name: storeKeys.lockPasswd }) || undefined;
}

export function setLockPassword(password: string): void {
  setStore({ name: storeKeys.lockPasswd, content: password });
}

export function lock(): void {
  setStore({ name: storeKeys.isLock, content: true });
}

/** Unlocks when `password` is the lock password; like Saber, the password is forgotten with the lock. */
export function unlock(password: string): boolean {
  if (password !== storedLockPassword()) return false;
  removeStore({ name: storeKeys.isLock });
  removeStore({ name: storeKeys.lockPasswd });
  return true;
}
