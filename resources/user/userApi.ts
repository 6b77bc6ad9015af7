import { http } from '../../providers/http';

export interface Choice {
  value: string;
  label: string;
}

export interface TreeChoice {
  id: string;
  title: string;
  children?: TreeChoice[];
}

const SYSTEM = '/api/blade-system';

/** The tenant's roles (`role/select`), as options. */
export async function roleChoices(): Promise<Choice[]> {
  const response = await http.get<{ data: { id: string; roleName: string }[] }>(`${SYSTEM}/role/select`);
  return (response.data.data ?? []).map((role) => ({ value: String(role.id), label: role.roleName }));
}

/** The tenant's posts (`post/select`), as options. */
export async function postChoices(): Promise<Choice[]> {
  const response = await http.get<{ data: { id: string; postName: string }[] }>(`${SYSTEM}/post/select`);
  return (response.data.data ?? []).map((post) => ({ value: String(post.id), label: post.postName }));
}

/** The tenant's department tree (`dept/tree`). */
export async function deptTree(): Promise<TreeChoice[]> {
  const response = await http.get<{ data: TreeChoice[] }>(`${SYSTEM}/dept/tree`);
  return response.data.data ?? [];
}

/** Comma-joined ids as the form's array value, and back. */
export const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : String(value ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '' && id !== '-1');
export const joinIds = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value ?? ''));
