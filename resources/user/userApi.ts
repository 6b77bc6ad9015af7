import { useList } from '@refinedev/core';
import { useMemo } from 'react';
import type { BladeMeta } from '../../providers/data';
import { useResourceTree } from '../../src/components/crud/resourceTrees';

export interface Choice {
  value: string;
  label: string;
}

export interface TreeChoice {
  id: string;
  title: string;
  children?: TreeChoice[];
}

/**
 * The rows of a resource's `select` endpoint as options: a list query of that resource, so a role or post saved
 * anywhere shows in every user form's picker at once.
 */
function useSelectChoices(resource: 'role' | 'post', labelOf: (row: Record<string, unknown>) => unknown): Choice[] {
  const meta: BladeMeta = { endpoints: { list: 'select' } };
  const { result } = useList<Record<string, unknown>>({ resource, pagination: { mode: 'off' }, meta, errorNotification: false });
  return useMemo(() => result.data.map((row) => ({ value: String(row.id), label: String(labelOf(row) ?? '') })), [result.data, labelOf]);
}

const roleName = (row: Record<string, unknown>) => row.roleName;
const postName = (row: Record<string, unknown>) => row.postName;

/** The tenant's roles (`role/select`), as options. */
export const useRoleChoices = () => useSelectChoices('role', roleName);

/** The tenant's posts (`post/select`), as options. */
export const usePostChoices = () => useSelectChoices('post', postName);

/** The tenant's department tree (`dept/tree`). */
export const useDeptTree = () => useResourceTree('dept') as TreeChoice[];

/** Comma-joined ids as the form's array value, and back. */
export const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : String(value ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '' && id !== '-1');
export const joinIds = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value ?? ''));
