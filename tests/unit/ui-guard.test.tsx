import { describe, expect, it } from 'vitest';
import { decideNavigation } from '../../src/router/guard';

describe('navigation guard (spec §2)', () => {
  it('lets a visitor without a token reach only the no-auth pages', () => {
    for (const path of ['/login', '/403', '/404', '/500']) {
      expect(decideNavigation(path, undefined)).toEqual({ kind: 'allow' });
    }
    expect(decideNavigation('/system/param', undefined)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideNavigation('/wel/index', undefined)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('sends a signed-in user away from /login to /', () => {
    expect(decideNavigation('/login', 'jwt')).toEqual({ kind: 'redirect', to: '/' });
    expect(decideNavigation('/system/param', 'jwt')).toEqual({ kind: 'allow' });
    expect(decideNavigation('/404', 'jwt')).toEqual({ kind: 'allow' });
  });

  it('logs out locally when the stored token is an empty string', () => {
    expect(decideNavigation('/system/param', '')).toEqual({ kind: 'localLogout' });
    expect(decideNavigation('/login', '')).toEqual({ kind: 'localLogout' });
  });
});
