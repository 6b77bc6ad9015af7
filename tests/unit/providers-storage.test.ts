import { afterEach, describe, expect, it } from 'vitest';
import {
  clearStore,
  getRefreshToken,
  getStore,
  getToken,
  removeRefreshToken,
  removeStore,
  removeToken,
  setRefreshToken,
  setStore,
  setToken,
} from '../../providers/storage';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  removeToken();
  removeRefreshToken();
});

describe('storage records', () => {
  it('keeps a {dataType, content, type, datetime} record under the site-prefixed key in local storage', () => {
    const before = Date.now();
    setStore({ name: 'userInfo', content: { account: 'admin' } });
    const record = JSON.parse(localStorage.getItem('saber-userInfo') ?? 'null');
    expect(record).toMatchObject({ dataType: 'object', content: { account: 'admin' } });
    expect(record.datetime).toBeGreaterThanOrEqual(before);
    expect(sessionStorage.getItem('saber-userInfo')).toBeNull();
  });

  it('uses session storage when a type is given', () => {
    setStore({ name: 'draft', content: 'x', type: 'session' });
    expect(localStorage.getItem('saber-draft')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('saber-draft') ?? 'null')).toMatchObject({
      dataType: 'string',
      content: 'x',
      type: 'session',
    });
  });

  it('gives back the content with its type, or the whole record with debug', () => {
    setStore({ name: 'count', content: 3 });
    setStore({ name: 'isLock', content: true });
    setStore({ name: 'tenantId', content: '000000' });
    expect(getStore<number>({ name: 'count' })).toBe(3);
    expect(getStore<boolean>({ name: 'isLock' })).toBe(true);
    expect(getStore<string>({ name: 'tenantId' })).toBe('000000');
    expect(getStore({ name: 'count', debug: true })).toMatchObject({ dataType: 'number', content: 3 });
  });

  it('prefers the session copy and answers undefined for absent or foreign values', () => {
    setStore({ name: 'theme', content: 'local' });
    setStore({ name: 'theme', content: 'session', type: 'session' });
    expect(getStore<string>({ name: 'theme' })).toBe('session');
    expect(getStore({ name: 'missing' })).toBeUndefined();
    localStorage.setItem('saber-broken', 'not json');
    expect(getStore({ name: 'broken' })).toBeUndefined();
  });

  it('removes from the named storage, or from both without a type', () => {
    setStore({ name: 'a', content: 1 });
    setStore({ name: 'a', content: 2, type: 'session' });
    removeStore({ name: 'a', type: 'session' });
    expect(getStore<number>({ name: 'a' })).toBe(1);
    setStore({ name: 'a', content: 2, type: 'session' });
    removeStore({ name: 'a' });
    expect(getStore({ name: 'a' })).toBeUndefined();
  });

  it('clears only this site’s keys of the chosen storage', () => {
    setStore({ name: 'a', content: 1 });
    setStore({ name: 'b', content: 2, type: 'session' });
    localStorage.setItem('other-app', 'kept');
    clearStore();
    expect(getStore({ name: 'a' })).toBeUndefined();
    expect(getStore<number>({ name: 'b' })).toBe(2);
    expect(localStorage.getItem('other-app')).toBe('kept');
    clearStore({ type: 'session' });
    expect(getStore({ name: 'b' })).toBeUndefined();
  });
});

describe('token cookies', () => {
  it('keeps the tokens in the saber cookies', () => {
    setToken('a.b.c');
    setRefreshToken('r=1');
    expect(document.cookie).toContain('saber-access-token=a.b.c');
    expect(document.cookie).toContain('saber-refresh-token=r%3D1');
    expect(getToken()).toBe('a.b.c');
    expect(getRefreshToken()).toBe('r=1');
  });

  it('tells an empty token apart from a missing one', () => {
    expect(getToken()).toBeUndefined();
    setToken('');
    expect(getToken()).toBe('');
    removeToken();
    expect(getToken()).toBeUndefined();
    setRefreshToken('r');
    removeRefreshToken();
    expect(getRefreshToken()).toBeUndefined();
  });
});
