import { expect } from 'vitest';
import { schemaByName } from '../../resources/schemas';
import { isMaskedSecret, SECRET_MASK, type FieldSchema, type ResourceSchema } from '../../resources/types';
import { writableFields, type ResourceFactory } from './resource-bodies';

type Row = Record<string, any>;

/** A sent value as the server answers it: ids as strings, numbers as numbers. */
function wireValue(field: FieldSchema, value: unknown): unknown {
  if (field.type === 'id') return String(value);
  if (field.type === 'int' || field.type === 'number') return Number(value);
  return value;
}

/** The label a ref's target row answers under `ref.label`. */
async function labelOf(factory: ResourceFactory, resource: string, id: string, labelField: string): Promise<unknown> {
  const target = schemaByName(resource)!;
  const answer = await factory.detail(target, id);
  expect(answer.body?.code, `${resource} detail ${id}: ${answer.text}`).toBe(200);
  return answer.body.data[labelField];
}

/**
 * The stored row answers what was sent (writable fields), the joined label of every ref, the dictionary label of
 * every dictionary field (`dict.as`), the readable path of every tree path, and the fields a ref fills from its target.
 */
export async function expectStoredRow(
  factory: ResourceFactory,
  owner: ResourceSchema,
  fields: readonly FieldSchema[],
  sent: Row,
  got: Row,
  where: string,
) {
  for (const field of writableFields(fields)) {
    // Write-only values (passwords, secrets) are never answered: a stored one an edit form shows as the mask
    // (secret-masks.test.ts), a user's password and a confirmation not at all.
    if (field.writeOnly) {
      if (!isMaskedSecret(field)) expect(Object.hasOwn(got, field.name), `${where}.${field.name} is write-only`).toBe(false);
      else if (sent[field.name]) expect(got[field.name], `${where}.${field.name} is masked`).toBe(SECRET_MASK);
      continue;
    }
    if (!Object.hasOwn(sent, field.name) || sent[field.name] === undefined) continue;
    const value = sent[field.name];
    expect(got[field.name], `${where}.${field.name}`).toEqual(wireValue(field, value));
    if (field.ref && field.ref.join !== false) {
      const isTreeRoot = owner.tree?.parentField === field.name && String(value) === '0';
      if (!isTreeRoot) {
        const target = schemaByName(field.ref.resource)!;
        const detail = (await factory.detail(target, String(value))).body.data as Row;
        expect(got[field.ref.as], `${where}.${field.ref.as} (label of ${field.name})`).toEqual(detail[field.ref.label]);
        expect(String(got[field.ref.as] ?? ''), `${where}.${field.ref.as}`).not.toBe('');
        for (const [mine, theirs] of Object.entries(field.ref.fill ?? {})) {
          expect(got[mine], `${where}.${mine} (filled from ${field.ref.resource}.${theirs})`).toEqual(detail[theirs]);
        }
      }
    }
    if (field.dict?.as) {
      const items = await factory.dictItems(field.dict.code, field.dict.biz);
      const item = items.find((candidate) => String(candidate.dictKey) === String(value));
      expect(got[field.dict.as], `${where}.${field.dict.as} (label of ${field.name}=${value})`).toBe(item?.dictValue);
    }
    if (field.treePath) {
      const tree = schemaByName(field.treePath.resource)!;
      const labels = [];
      for (const id of String(value).split(',')) labels.push(await labelOf(factory, tree.name, id, tree.tree!.labelField));
      expect(got[field.treePath.as], `${where}.${field.treePath.as}`).toBe(labels.join('/'));
    }
  }
  // Dictionary labels of server-maintained fields (filled or defaulted) are answered too.
  for (const field of fields) {
    if (!field.dict?.as || field.virtual || !field.readOnly) continue;
    const stored = got[field.name];
    if (stored === undefined || stored === null || stored === -1 || stored === '') continue;
    const items = await factory.dictItems(field.dict.code, field.dict.biz);
    const item = items.find((candidate) => String(candidate.dictKey) === String(stored));
    expect(got[field.dict.as], `${where}.${field.dict.as} (label of read-only ${field.name}=${stored})`).toBe(item?.dictValue);
  }
}

/** Envelope of a refused write (blade-contract §1): HTTP 400, body code 400 and exactly `msg`. */
export function expectRefused(answer: { status: number; body: any; text: string }, msg: string, where = '') {
  expect({ status: answer.status, code: answer.body?.code, msg: answer.body?.msg }, `${where} ${answer.text}`).toEqual({
    status: 400,
    code: 400,
    msg,
  });
}
