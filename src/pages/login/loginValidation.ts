import { phoneCheck } from '../../../resources/validation';
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

/** Spec §5 phone helper (the shared rule): the translation key of the problem, undefined when the number may be sent. */
export function phoneError(phone: string): string | undefined {
  const problem = phoneCheck(phone);
  return problem && { empty: 'login.phoneRequired', length: 'login.phoneLength' }[problem];
}

/** The fields of both registration forms (self-registration adds phone and email). */
export interface RegistrationValues {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
  phone?: string;
  email?: string;
}

/**
 * Spec §5 registration, checked in this order and reported one at a time: tenant id, account, password and its
 * confirmation, their match; then a phone number, when one is given, must be valid.
 */
export function registrationError(values: RegistrationValues): string | undefined {
  if (values.tenantId.trim() === '') return 'register.tenantIdRequired';
  if (values.account.trim() === '') return 'register.accountRequired';
  if (values.password === '' || values.password2 === '') return 'register.passwordRequired';
  if (values.password !== values.password2) return 'register.passwordMismatch';
  const phone = values.phone?.trim() ?? '';
  return phone === '' ? undefined : phoneError(phone);
}
