export interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  captchaCode: string;
}

export type LoginField = keyof LoginValues;

/** Message key shown when a login field is left empty. */
export const LOGIN_REQUIRED_KEYS: Record<LoginField, string> = {
  tenantId: 'login.tenantIdRequired',
  username: 'login.usernameRequired',
  password: 'login.passwordRequired',
  captchaCode: 'login.captchaRequired',
};

/** The empty fields among those shown, each with its message key; an empty result means the form may be sent. */
export function missingLoginFields(values: LoginValues, shown: readonly LoginField[]): Partial<Record<LoginField, string>> {
  const missing: Partial<Record<LoginField, string>> = {};
  for (const field of shown) {
    if (values[field].trim() === '') missing[field] = LOGIN_REQUIRED_KEYS[field];
  }
  return missing;
}
