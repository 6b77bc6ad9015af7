import type { Context } from 'hono';
import { z } from 'zod';
import { ruleMessages } from '../../resources/validation';
import { formFields } from './body';
import type { BladeEnv, BladeUser } from './context';
import { R, send, type Envelope } from './envelope';
import { badRequest, MSG } from './errors';
import { isIdText } from './ids';

/**
 * The typed custom operation of a resource: its inputs declared as zod schemas, parsed (and refused with a 400 naming
 * the field, in the words of `resources/validation.ts`) before the handler runs. The button guard and the operation
 * log are the mount's (`routes.operation`), as for every declared operation.
 */

type Input = z.ZodType<unknown>;

export interface OperationSpec<B extends Input | undefined = undefined, Q extends Input | undefined = undefined, P extends Input | undefined = undefined> {
  /** The request body: JSON, or a form's fields. An empty body is `{}` to the schema. */
  body?: B;
  /** The query string. */
  query?: Q;
  /** Query string and body as one set of request parameters (BladeX takes either; the query's value wins). */
  params?: P;
  /** A full path instead of the declared operation's own: another call under the same button. */
  path?: string;
  /** The method of such a path (default POST): a GET is a read under the button, and leaves no log row. */
  method?: 'GET' | 'POST';
}

type Parsed<S> = S extends Input ? z.output<S> : undefined;

/** What an operation's handler gets: the request, the caller and its parsed inputs. */
export interface OperationCall<B = undefined, Q = undefined, P = undefined> {
  c: Context<BladeEnv>;
  user: BladeUser;
  body: B;
  query: Q;
  params: P;
}

/** A handler answers a response (a file), an envelope (`R.data(...)`), or nothing for `操作成功`. */
export type OperationResult = Response | Envelope | void;

export type OperationHandler<B = undefined, Q = undefined, P = undefined> = (
  call: OperationCall<B, Q, P>,
) => OperationResult | Promise<OperationResult>;

export type { Parsed as ParsedInput };

const HAS_CHINESE = /[\u4e00-\u9fff]/;

/** A field of an operation's input as the rule messages name it (their messages are Chinese). */
const named = (label: string) => ({ label: { zh: label, en: label } });

/** The Chinese label a field schema was described with (`.describe('用户编号')`), else its key. */
function labelOf(schema: Input, key: PropertyKey | undefined): string {
  if (key === undefined) return '请求体';
  const shape = (schema as { shape?: Record<string, Input> }).shape;
  return shape?.[String(key)]?.description ?? String(key);
}

/**
 * `value` checked by `schema`; the first problem is a 400 in the validation vocabulary: the schema's own Chinese
 * message as is, `请输入<label>` for a missing value, `<label>格式不正确` for any other.
 */
export function parseInput<S extends Input>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data as z.output<S>;
  const issue = result.error.issues[0];
  const key = issue?.path[0];
  const label = named(labelOf(schema, key));
  if (issue && HAS_CHINESE.test(issue.message)) throw badRequest(issue.message);
  const sent = typeof value === 'object' && value !== null && key !== undefined ? (value as Record<PropertyKey, unknown>)[key] : value;
  const missing = sent === undefined || sent === null || sent === '';
  throw badRequest(missing ? ruleMessages.required(label) : ruleMessages.format(label));
}

/** The body as an object: JSON, or a form's (multipart too) fields; an empty body is `{}`. */
async function bodyOf(c: Context<BladeEnv>): Promise<unknown> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('form')) return formFields(c);
  const text = c.req.raw.body === null ? '' : await c.req.raw.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(`${MSG.paramInvalid}: 请求体不是合法的 JSON`);
  }
}

/** The Hono handler of a typed operation: inputs parsed in order body, query, params, then the handler answered. */
export function operationHandler<B extends Input | undefined, Q extends Input | undefined, P extends Input | undefined>(
  spec: OperationSpec<B, Q, P>,
  handler: OperationHandler<Parsed<B>, Parsed<Q>, Parsed<P>>,
) {
  return async (c: Context<BladeEnv>): Promise<Response> => {
    const needsBody = spec.body !== undefined || spec.params !== undefined;
    const rawBody = needsBody ? await bodyOf(c) : undefined;
    const query = c.req.query();
    const body = (spec.body ? parseInput(spec.body, rawBody) : undefined) as Parsed<B>;
    const parsedQuery = (spec.query ? parseInput(spec.query, query) : undefined) as Parsed<Q>;
    const merged = typeof rawBody === 'object' && rawBody !== null && !Array.isArray(rawBody) ? { ...rawBody, ...query } : query;
    const params = (spec.params ? parseInput(spec.params, merged) : undefined) as Parsed<P>;
    const result = await handler({ c, user: c.get('user'), body, query: parsedQuery, params });
    if (result instanceof Response) return result;
    return send(c, result ?? R.success());
  };
}

// ---- the inputs operations share ----

/** One id, as a number or its text (BladeX ids are longs, sent either way). */
export const idField = (label = '编号') =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .refine(isIdText, { error: ruleMessages.format(named(label)) })
    .describe(label);

/**
 * Several ids: an array, or comma-joined text (Saber sends arrays, scripts often a string), each once; at least one
 * unless `allowEmpty` (then an absent list is `[]`).
 */
export const idListField = (label = '编号', { max = 1000, allowEmpty = false }: { max?: number; allowEmpty?: boolean } = {}) =>
  z
    .unknown()
    // Optional to zod, so an absent list reaches the transform (which decides whether empty is allowed).
    .optional()
    .transform((sent, ctx) => {
      const list = sent === undefined || sent === null ? [] : Array.isArray(sent) ? sent : typeof sent === 'string' || typeof sent === 'number' ? String(sent).split(',') : undefined;
      const ids = list && [...new Set(list.map((id) => String(id).trim()).filter((id) => id !== ''))];
      if (!ids || ids.length > max || !ids.every(isIdText)) {
        ctx.addIssue({ code: 'custom', message: ruleMessages.format(named(label)) });
        return z.NEVER;
      }
      if (ids.length === 0 && !allowEmpty) {
        ctx.addIssue({ code: 'custom', message: ruleMessages.required(named(label)) });
        return z.NEVER;
      }
      return ids;
    })
    .describe(label);

/** `{ id }`: the one row an operation acts on. */
export const idBody = z.object({ id: idField() });
/** `{ ids }`: the rows an operation acts on (an array or `"1,2"`). */
export const idsBody = z.object({ ids: idListField() });
