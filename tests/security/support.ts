import type { ResourceSchema } from '../../resources/types';
import { call } from '../server/client';
import { keyField, operationsOf, validBody } from './registry';

/** Inserts a row as `token` and answers its id (found again by its unique key text), or undefined if refused. */
export async function createRow(schema: ResourceSchema, token: string, tag: string): Promise<string | undefined> {
  const operations = operationsOf(schema);
  const key = keyField(schema);
  if (!operations.submit || !key) return undefined;
  const body = validBody(schema, tag);
  const saved = await call(operations.submit, { token, json: body });
  if (saved.body?.success !== true) return undefined;
  const query = new URLSearchParams({ [`${key.name}_equal`]: String(body[key.name]), size: '10' });
  const found = await call(`${operations.list}?${query}`, { token });
  return found.body?.data?.records?.[0]?.id;
}

export async function detailOf(schema: ResourceSchema, token: string, id: string) {
  return call(`${operationsOf(schema).detail}?id=${encodeURIComponent(id)}`, { token });
}

/** Whether the answer is a real server failure (a 500 or a dropped request), which bad input must never cause. */
export const isServerFailure = (answer: { status: number; body: { code?: number } | undefined }) =>
  answer.status >= 500 || answer.body?.code === 500;
