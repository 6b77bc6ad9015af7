import { z } from 'zod';
import type { FieldSchema, FieldType } from '../../resources/types';
import { choiceOutside, hasPrefix, isBefore, isCode, isBlank, isEmail, isIp, phoneProblem, ruleMessages } from '../../resources/validation';
import { badRequest, MSG } from './errors';
import { isIdText } from './ids';
import { parseDateText } from './query';

/**
 * Schema fields compiled to zod: one validator per field (type, length and format rules, with the messages of
 * `resources/validation.ts`), plus the object-level rules (required, required-when, not-before). The form compiles
 * the same vocabulary to antd rules.
 */

const INT_RANGE = [-2147483648, 2147483647] as const;

function typeSchema(type: FieldType, label: Pick<FieldSchema, 'label'>): z.ZodType {
  const format = ruleMessages.format(label);
  switch (type) {
    case 'string':
    case 'text':
      return z
        .union([z.string(), z.number(), z.boolean()], { error: format })
        .transform(String)
        .refine((text) => !text.includes('\u0000'), { error: format });
    case 'int':
      return z
        .union([z.number(), z.string().regex(/^\s*-?\d{1,10}\s*$/).transform(Number)], { error: format })
        .pipe(z.number({ error: format }).int({ error: format }).min(INT_RANGE[0], { error: format }).max(INT_RANGE[1], { error: format }));
    case 'number':
      return z
        .union([z.number(), z.string().trim().min(1).transform(Number)], { error: format })
        .pipe(z.number({ error: format }).refine(Number.isFinite, { error: format }));
    case 'id':
      return z
        .union(
          [
            z.number().int({ error: format }).nonnegative({ error: format }).refine(Number.isSafeInteger, { error: format }).transform(String),
            // A failed check inside the matching branch is answered as is: it needs the message too.
            z.string().refine(isIdText, { error: format }),
          ],
          { error: format },
        );
    case 'date':
    case 'datetime':
      return z
        .string({ error: format })
        .transform((text, ctx) => {
          const parsed = parseDateText(text);
          if (!parsed) {
            ctx.addIssue({ code: 'custom', message: format });
            return z.NEVER;
          }
          if (type === 'date') return parsed.value.slice(0, 10);
          return parsed.dateOnly ? `${parsed.value} 00:00:00` : parsed.value;
        });
  }
}

function fieldSchema(field: FieldSchema): z.ZodType {
  let schema = typeSchema(field.type, field);
  if (field.type === 'string' || field.type === 'text') {
    const text = schema as z.ZodType<string>;
    const refinements: ((text: z.ZodType<string>) => z.ZodType<string>)[] = [];
    if (field.maxLength !== undefined) {
      const max = field.maxLength;
      refinements.push((s) => s.refine((value) => [...value].length <= max, { error: ruleMessages.maxLength(field, max) }));
    }
    if (field.rules?.notBlank) refinements.push((s) => s.refine((value) => !isBlank(value), { error: ruleMessages.notBlank(field) }));
    if (field.rules?.ip) refinements.push((s) => s.refine(isIp, { error: ruleMessages.ip(field) }));
    if (field.rules?.email) refinements.push((s) => s.refine(isEmail, { error: ruleMessages.email(field) }));
    if (field.rules?.code) refinements.push((s) => s.refine((value) => isBlank(value) || isCode(value), { error: ruleMessages.code(field) }));
    const prefixes = field.rules?.prefix;
    if (prefixes) refinements.push((s) => s.refine((value) => hasPrefix(value, prefixes), { error: ruleMessages.prefix(field, prefixes) }));
    if (field.rules?.phone) {
      refinements.push((s) =>
        s.superRefine((value, ctx) => {
          const problem = phoneProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        }),
      );
    }
    schema = refinements.reduce((current, refine) => refine(current), text);
  }
  // Fixed options are checked here; dictionary keys live in the database and are checked by the write path.
  if (field.options) {
    const allowed = new Set(field.options.map((option) => String(option.value)));
    schema = schema.superRefine((value, ctx) => {
      const outside = choiceOutside(field, value, allowed);
      if (outside !== undefined) ctx.addIssue({ code: 'custom', message: ruleMessages.choice(field, outside) });
    });
  }
  return schema;
}

const compiled = new WeakMap<FieldSchema, z.ZodType>();

function validatorOf(field: FieldSchema): z.ZodType {
  let schema = compiled.get(field);
  if (!schema) {
    schema = fieldSchema(field);
    compiled.set(field, schema);
  }
  return schema;
}

/** A body value → stored value (null for "no value"), or a 400 naming the field. */
export function parseFieldValue(field: FieldSchema, raw: unknown): unknown {
  if (raw === null || raw === undefined || raw === '') return null;
  const result = validatorOf(field).safeParse(raw);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? ruleMessages.format(field));
  return result.data;
}

/** A required id in the query (`?id=`, `?jobId=`): present and valid, else a 400 naming the parameter. */
export function requiredQueryId(query: Record<string, string | undefined>, name = 'id'): string {
  const value = query[name]?.trim();
  if (!value) throw badRequest(`${MSG.missingParam}: ${name}`);
  if (!isIdText(value)) throw badRequest(`${MSG.paramType}: ${name}`);
  return value;
}

/** The id of a submit or operation body: absent, or a valid id. */
export function parseIdValue(raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return String(raw);
  if (typeof raw === 'string' && isIdText(raw)) return raw;
  throw badRequest(`${MSG.paramType}: id`);
}

/**
 * Object-level rules over the values a row will have after the write (stored values merged with the body):
 * required (on insert, or cleared on update), required-when and not-before.
 */
export function checkRowRules(fields: readonly FieldSchema[], row: Record<string, unknown>, written: Set<string>, isInsert: boolean) {
  const byName = new Map(fields.map((field) => [field.name, field]));
  const empty = (value: unknown) => value === null || value === undefined || value === '';
  for (const field of fields) {
    const value = row[field.name];
    const when = field.rules?.requiredWhen;
    const touched = isInsert || written.has(field.name) || (when !== undefined && written.has(when.field));
    const applies = when === undefined || String(row[when.field] ?? '') === String(when.equals);
    if (field.required && applies && touched && empty(value)) throw badRequest(ruleMessages.required(field));
    const same = field.rules?.sameAs;
    if (same && (touched || written.has(same.field)) && !empty(value) && String(value) !== String(row[same.field] ?? '')) {
      throw badRequest(same.message);
    }
    const other = field.rules?.notBefore ? byName.get(field.rules.notBefore) : undefined;
    if (other && (touched || written.has(other.name)) && typeof value === 'string' && typeof row[other.name] === 'string') {
      if (isBefore(value, row[other.name] as string)) throw badRequest(ruleMessages.notBefore(field, other));
    }
  }
}

/** A custom endpoint's body, checked by its zod schema; the first problem names the field. */
export function parseWith<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw badRequest(`${MSG.paramInvalid}: ${path}${issue?.message ?? ''}`);
}

/**
 * A schema field as an operation's input (the `fields` an operation asks for in its dialog): empty is null, anything
 * else parsed as the write path parses it, with the same messages; a required field refuses empty.
 */
export function fieldInput(field: FieldSchema) {
  return z
    .unknown()
    // Optional to zod, so an absent key reaches the transform (which decides whether empty is allowed).
    .optional()
    .transform((raw, ctx) => {
      if (raw === null || raw === undefined || raw === '') {
        if (field.required) ctx.addIssue({ code: 'custom', message: ruleMessages.required(field) });
        return null;
      }
      const result = validatorOf(field).safeParse(raw);
      if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? ruleMessages.format(field) });
      return result.success ? result.data : null;
    })
    .describe(field.label.zh);
}
