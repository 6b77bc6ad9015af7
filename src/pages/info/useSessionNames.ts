import { useMemo } from 'react';
import type { Identity } from '../../../providers/auth';
import { choicesOf } from './userApi';
import { useProfile } from './useProfile';

/** Names of those of `ids` (comma-joined) found among the choices, comma-joined in that order. */
function namesOf(ids: string | undefined, choices: { value: string; label: string }[]): string {
  return (ids ?? '')
    .split(',')
    .flatMap((id) => choices.find((choice) => choice.value === id.trim())?.label ?? [])
    .join(', ');
}

/**
 * The names of the session's departments and roles (the token carries ids, and role aliases as `role_name`): what
 * the header and the home card show, from the shared profile query (a saved profile or user shows at once). Empty
 * until the profile has been read.
 */
export function useSessionNames(identity: Identity | undefined): { deptNames: string; roleNames: string } {
  const { profile } = useProfile({ enabled: identity !== undefined });
  const deptId = identity?.deptId;
  const roleId = identity?.roleId;
  return useMemo(
    () =>
      profile
        ? {
            deptNames: namesOf(deptId, choicesOf(profile.deptId, profile.deptName)),
            roleNames: namesOf(roleId, choicesOf(profile.roleId, profile.roleName)),
          }
        : { deptNames: '', roleNames: '' },
    [profile, deptId, roleId],
  );
}
