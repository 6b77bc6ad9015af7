import { keys, useCustom, useGetIdentity } from '@refinedev/core';
import type { Identity } from '../../../providers/auth';
import { PROFILE_URL, type UserProfile } from './userApi';

/** The resource the profile is a row of: every write declaring it (the info page's save, 用户管理) reads it again. */
export const PROFILE_RESOURCE = 'user';

/**
 * The signed-in user's profile (`user/info`: names, avatar, contact, depts and roles), one query per user shared by
 * the header, the home card, the dept/role switch and the info page. It is keyed under the user resource, so a write
 * that changes users reads it again and every view of it follows.
 */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  const { data: identity } = useGetIdentity<Identity>();
  const userId = identity?.id;
  const { query } = useCustom<UserProfile>({
    url: PROFILE_URL,
    method: 'get',
    // The http layer already told the user about a failure.
    errorNotification: false,
    queryOptions: {
      queryKey: keys().data().resource(PROFILE_RESOURCE).action('one').id(userId ?? '').params({ profile: true }).get(),
      enabled: enabled && userId !== undefined,
      retry: false,
      // The header and the home card mount apart: one read serves both. Writes read it again whatever its age.
      staleTime: 30_000,
    },
  });
  return { profile: query.data?.data, loading: query.isFetching, failed: query.isError };
}
