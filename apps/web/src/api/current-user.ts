import type { CurrentUser } from '@mandira/contract/access';
import type { PrivilegeKey } from '@mandira/contract/roles';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from './query.ts';

export const currentUserQuery = apiQuery<CurrentUser>(['user-access', 'me'], '/user-access/me');

/** Who is signed in, with roles and privileges: the header shows the name. */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, staleTime: 5 * 60_000 });
}

/**
 * Whether the signed-in user holds a privilege, for links into another screen (the server still
 * decides on the page itself); false until the answer is in, so a link never shows and then vanishes.
 */
export function useHoldsPrivilege(privilege: PrivilegeKey): boolean {
  return useCurrentUser().data?.privileges.includes(privilege) ?? false;
}
