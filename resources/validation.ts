import type { FieldSchema, LocalizedText } from './types';

/**
 * The one validation vocabulary: the server compiles it to zod, the form to antd rules, with these same messages.
 * Pure functions only.
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 = /^(([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|(([0-9a-f]{1,4}:){0,7}[0-9a-f]{0,4})?::(([0-9a-f]{1,4}:){0,7}[0-9a-f]{1,4})?)$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isIp = (text: string) => IPV4.test(text) || (text.includes(':') && IPV6.test(text));
export const isEmail = (text: string) => EMAIL.test(text);
export const isBlank = (text: string) => text.trim() === '';

/** Spec §5 phone helper: empty and length are the two messages; digits only beyond that. */
export function phoneProblem(text: string): string | undefined {
  if (text === '') return PHONE_MESSAGES.empty;
  if (text.length !== 11) return PHONE_MESSAGES.length;
  if (!/^1\d{10}$/.test(text)) return PHONE_MESSAGES.format;
  return undefined;
}

export const PHONE_MESSAGES = {
  empty: '手机号码不能为空',
  length: '手机号码长度不为11位',
  format: '手机号码格式不正确',
} as const;

const labelZh = (label: LocalizedText | string) => (typeof label === 'string' ? label : label.zh);

/** The messages of the rules, named by the field's Chinese label (spec messages are Chinese). */
export const ruleMessages = {
  ip: (field: Pick<FieldSchema, 'label'>) => `${labelZh(field.label)}不是有效的IP地址`,
  notBlank: (field: Pick<FieldSchema, 'label'>) => `${labelZh(field.label)}不能只包含空格`,
  notBefore: (field: Pick<FieldSchema, 'label'>, other: Pick<FieldSchema, 'label'>) =>
    `${labelZh(field.label)}不能早于${labelZh(other.label)}`,
  email: (field: Pick<FieldSchema, 'label'>) => `${labelZh(field.label)}格式不正确`,
  maxLength: (field: Pick<FieldSchema, 'label'>, max: number) => `${labelZh(field.label)}长度不能超过${max}个字符`,
  format: (field: Pick<FieldSchema, 'label'>) => `${labelZh(field.label)}格式不正确`,
  required: (field: Pick<FieldSchema, 'label' | 'required'>) => field.required ?? `请输入${labelZh(field.label)}`,
};

/** Dates and datetimes as sent (`yyyy-MM-dd[ HH:mm:ss]`) compare as text. */
export const isBefore = (value: string, other: string) => value !== '' && other !== '' && value < other;
