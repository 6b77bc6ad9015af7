import { describe, expect, it } from 'vitest';
import { missingLoginFields } from '../../src/pages/login/loginValidation';

describe('login form validation', () => {
  const empty = { tenantId: '', username: '', password: '', captchaCode: '' };

  it('names each empty field shown with its message key', () => {
    expect(missingLoginFields(empty, ['tenantId', 'username', 'password', 'captchaCode'])).toEqual({
      tenantId: 'login.tenantIdRequired',
      username: 'login.usernameRequired',
      password: 'login.passwordRequired',
      captchaCode: 'login.captchaRequired',
    });
  });

  it('ignores hidden fields and blank-only input counts as empty', () => {
    expect(missingLoginFields({ ...empty, username: 'admin', password: '  ' }, ['username', 'password'])).toEqual({
      password: 'login.passwordRequired',
    });
  });
});
