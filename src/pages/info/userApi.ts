import { phoneCheck } from '../../../resources/validation';
import { md5 } from 'js-md5';

/** What `GET /api/blade-system/user/info` answers (BladeX UserVO); several depts/roles are comma-joined. */
export interface UserProfile {
  id: string;
  account?: string;
  name?: string;
  realName?: string;
  avatar?: string;
  phone?: string;
  email?: string;
  deptId?: string;
  deptName?: string;
  roleId?: string;
  roleName?: string;
}

/** The fields `POST user/update-info` accepts from the personal info form. */
export interface ProfileUpdate {
  id: string;
  avatar?: string;
  realName: string;
  name: string;
  phone: string;
  email?: string;
}

export interface Choice {
  value: string;
  label: string;
}

const USER_API = '/api/blade-system/user';
export const PROFILE_URL = `${USER_API}/info`;
export const PROFILE_UPDATE_URL = `${USER_API}/update-info`;
export const PASSWORD_UPDATE_URL = `${USER_API}/update-password`;

/** Blade takes the md5 hex of each password, in the query string (spec §7). */
export function passwordQuery(oldPassword: string, newPassword: string, newPassword1: string) {
  return { oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword1) };
}

/** Pairs comma-joined ids with their comma-joined names ("1,2" + "测试部,研发部"); a missing name shows the id. */
export function choicesOf(ids: string | undefined, names: string | undefined): Choice[] {
  if (!ids) return [];
  const labels = (names ?? '').split(',');
  return ids
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
    .map((id, index) => ({ value: id, label: labels[index]?.trim() || id }));
}

/** Spec §5 avatar rule: jpg/png only, at most 500 KB; answers the i18n key of the refusal, or undefined. */
export const AVATAR_MAX_BYTES = 500 * 1024;
export function avatarRefusalOf(file: { type: string; size: number }): string | undefined {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return 'info.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'info.avatarSize';
  return undefined;
}

/** Spec §5 phone helper: empty and length messages as i18n keys, or undefined when the number is fine. */
export function phoneRefusalOf(phone: string | undefined): string | undefined {
  const problem = phoneCheck(phone ?? '');
  return problem && { empty: 'info.phoneRequired', length: 'info.phoneLength' }[problem];
}
