import { useEffect, useState } from 'react';
import type { Identity } from '../../../providers/auth';
import { choicesOf, fetchProfile, type UserProfile } from './userApi';

/** One profile read per session (user, depts and roles): the header and the home card ask together. */
let cached: { key: string; profile: Promise<UserProfile> } | undefined;

function profileOf(key: string): Promise<UserProfile> {
  if (cached?.key !== key) cached = { key, profile: fetchProfile() };
  return cached.profile;
}

/** Names of those of `ids` (comma-joined) found among the choices, comma-joined in that order. */
function namesOf(ids: string | undefined, choices: { value: string; label: string }[]): string {
  return (ids ?? '')
    .split(',')
    .flatMap((id) => choices.find((choice) => choice.value === id.trim())?.label ?? [])
    .join(', ');
}

/**
 * The names of the session's departments and roles (the token carries ids, and role aliases as `role_name`): what
 * the header and the home card show. Empty until the profile has been read.
 */
export function useSessionNames(identity: Identity | undefined): { deptNames: string; roleNames: string } {
  const [names, setNames] = useState({ deptNames: '', roleNames: '' });
  const deptId = identity?.deptId;
  const roleId = identity?.roleId;
  const key = identity ? `${identity.id}|${deptId ?? ''}|${roleId ?? ''}` : '';
  useEffect(() => {
    if (!key) return;
    let current = true;
    profileOf(key)
      .then((profile) => {
        if (!current) return;
        setNames({
          deptNames: namesOf(deptId, choicesOf(profile.deptId, profile.deptName)),
          roleNames: namesOf(roleId, choicesOf(profile.roleId, profile.roleName)),
        });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [key, deptId, roleId]);
  return names;
}
