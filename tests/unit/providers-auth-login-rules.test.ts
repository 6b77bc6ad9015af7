import { afterEach, describe, expect, it } from 'vitest';
import { phoneError, registrationError, type RegistrationValues } from '../../src/pages/login/loginValidation';
import {
  startSocialAuthorization,
  startSsoAuthorization,
  takeAuthorizationCallback,
} from '../../src/pages/login/oauthRedirect';
import { clearStore } from '../../providers/storage';

describe('phone number rule (spec §5)', () => {
  it('reports an empty number before its length', () => {
    expect(phoneError('')).toBe('login.phoneRequired');
    expect(phoneError('   ')).toBe('login.phoneRequired');
    expect(phoneError('1380013800')).toBe('login.phoneLength');
    expect(phoneError('138001380001')).toBe('login.phoneLength');
    expect(phoneError('13800138000')).toBeUndefined();
  });
});

describe('registration checks, in the order of spec §5', () => {
  const complete: RegistrationValues = {
    tenantId: '000000',
    name: '张三',
    account: 'zhangsan',
    password: 'Pass-1234',
    password2: 'Pass-1234',
  };
  const empty: RegistrationValues = { tenantId: '', name: '', account: '', password: '', password2: 'x' };

  it('names the first failing rule only', () => {
    expect(registrationError(empty)).toBe('register.tenantIdRequired');
    expect(registrationError({ ...empty, tenantId: '000000' })).toBe('register.accountRequired');
    expect(registrationError({ ...empty, tenantId: '000000', account: 'a' })).toBe('register.passwordRequired');
    expect(registrationError({ ...complete, password2: '' })).toBe('register.passwordRequired');
    expect(registrationError({ ...complete, password2: 'other' })).toBe('register.passwordMismatch');
    expect(registrationError(complete)).toBeUndefined();
  });

  it('treats blank tenant and account as empty, and checks a given phone number last', () => {
    expect(registrationError({ ...complete, tenantId: ' ' })).toBe('register.tenantIdRequired');
    expect(registrationError({ ...complete, account: ' ', password2: 'other' })).toBe('register.accountRequired');
    expect(registrationError({ ...complete, phone: '123' })).toBe('login.phoneLength');
    expect(registrationError({ ...complete, phone: '' })).toBeUndefined();
  });
});

describe('OAuth redirects of the login page', () => {
  const origin = 'http://app.test';
  const gitee = { source: 'gitee', name: 'Gitee', authorizeUrl: 'https://gitee.test/oauth/authorize', clientId: 'c-1' };
  afterEach(() => clearStore({ type: 'session' }));

  it('sends a social login to the provider with client, callback and a fresh state', () => {
    const url = new URL(startSocialAuthorization(gitee, origin, '000000'));
    expect(`${url.origin}${url.pathname}`).toBe('https://gitee.test/oauth/authorize');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('c-1');
    expect(url.searchParams.get('redirect_uri')).toBe('http://app.test/login?source=gitee');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    expect(new URL(startSocialAuthorization(gitee, origin)).searchParams.get('state')).not.toBe(state);
  });

  it('accepts the callback that brings the state back, once', () => {
    const state = new URL(startSocialAuthorization(gitee, origin, '000001')).searchParams.get('state')!;
    const search = new URLSearchParams({ source: 'gitee', code: 'code-1', state });
    expect(takeAuthorizationCallback(search)).toEqual({
      kind: 'social',
      source: 'gitee',
      code: 'code-1',
      state,
      tenantId: '000001',
    });
    expect(takeAuthorizationCallback(search)).toEqual({ kind: 'invalid' });
  });

  it('refuses a callback with a foreign state or another source', () => {
    startSocialAuthorization(gitee, origin);
    expect(takeAuthorizationCallback(new URLSearchParams({ source: 'gitee', code: 'c', state: 'forged' }))).toEqual({
      kind: 'invalid',
    });
    const state = new URL(startSocialAuthorization(gitee, origin)).searchParams.get('state')!;
    expect(takeAuthorizationCallback(new URLSearchParams({ source: 'github', code: 'c', state }))).toEqual({
      kind: 'invalid',
    });
  });

  it('sends SSO to the authorize endpoint as client saber and exchanges with the same redirect_uri', () => {
    const url = new URL(startSsoAuthorization(origin));
    expect(url.pathname).toBe('/api/blade-auth/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('saber');
    expect(url.searchParams.get('redirect_uri')).toBe('http://app.test/login');
    const state = url.searchParams.get('state')!;
    expect(takeAuthorizationCallback(new URLSearchParams({ code: 'sso-1', state }))).toEqual({
      kind: 'sso',
      code: 'sso-1',
      redirectUri: 'http://app.test/login',
    });
  });

  it('sees no callback without a code', () => {
    expect(takeAuthorizationCallback(new URLSearchParams({ state: 'x' }))).toBeUndefined();
  });
});
