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

/**
 * Spec §5 phone helper, the one phone rule of server and UI: empty, or not 11 digits. Answers which problem (the UI
 * shows it in its language, the server in `PHONE_MESSAGES`), or undefined when the number may be sent.
 */
export function phoneCheck(text: string): 'empty' | 'length' | undefined {
  const value = text.trim();
  if (value === '') return 'empty';
  if (!/^\d{11}$/.test(value)) return 'length';
  return undefined;
}

export const PHONE_MESSAGES = {
  empty: '手机号码不能为空',
  length: '手机号码长度不为11位',
} as const;

export function phoneProblem(text: string): string | undefined {
  const problem = phoneCheck(text);
  return problem && PHONE_MESSAGES[problem];
}

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
  code: (field: Pick<FieldSchema, 'label'>) => `${labelZh(field.label)}只能包含字母、数字、点、下划线或中划线`,
  prefix: (field: Pick<FieldSchema, 'label'>, prefixes: readonly string[]) => `${labelZh(field.label)}必须以 ${prefixes.join(' 或 ')} 开头`,
  required: (field: Pick<FieldSchema, 'label' | 'required'>) => field.required ?? `请输入${labelZh(field.label)}`,
  choice: (field: Pick<FieldSchema, 'label'>, value: string) => `${labelZh(field.label)}「${value}」不在可选范围内`,
};

/** Several choices of a text field (checkboxes, a checked tree) travel comma-joined. */
export const holdsSeveral = (field: Pick<FieldSchema, 'type' | 'widget' | 'treeOptions'>) =>
  (field.type === 'string' || field.type === 'text') && (field.widget === 'checkbox' || field.treeOptions !== undefined);

/** The choices a value of a dictionary or options field names: each of a comma list, else the value itself. */
export const chosenValues = (field: Pick<FieldSchema, 'type' | 'widget' | 'treeOptions'>, value: unknown): string[] =>
  holdsSeveral(field)
    ? String(value)
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '')
    : [String(value)];

/**
 * The first value of a dictionary or options field that is not among `allowed`, else undefined. A number field's `-1`
 * is Blade's null on the wire (an edit sends back what it was given), not a choice, unless the choices hold it.
 */
export function choiceOutside(field: Pick<FieldSchema, 'type' | 'widget' | 'treeOptions'>, value: unknown, allowed: ReadonlySet<string>): string | undefined {
  const numeric = field.type === 'int' || field.type === 'number';
  if (numeric && Number(value) === -1 && !allowed.has('-1')) return undefined;
  return chosenValues(field, value).find((choice) => !allowed.has(choice));
}

/** Dates and datetimes as sent (`yyyy-MM-dd[ HH:mm:ss]`) compare as text. */
export const isBefore = (value: string, other: string) => value !== '' && other !== '' && value < other;

export const isCode = (text: string) => /^[A-Za-z0-9._-]+$/.test(text);

/** The value starts with one of `prefixes` (compared case-insensitively). */
export const hasPrefix = (text: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => text.toLowerCase().startsWith(prefix.toLowerCase()));
