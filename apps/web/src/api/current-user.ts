import * as access from '@mandira/contract/operations/access';
import type { PrivilegeKey } from '@mandira/contract/roles';
import { useQuery } from '@tanstack/react-query';
import { operationQuery } from './query.ts';
import { USER_ACCESS_KEY } from './query-keys.ts';

export const currentUserQuery = operationQuery(USER_ACCESS_KEY, access.getCurrentUser);

/** The signed-in user with the privileges the roles give (`getCurrentUser`). */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, staleTime: 5 * 60_000 });
}

/**
 * Whether the signed-in user holds `privilege`: a screen open to several privileges shows its writing
 * buttons only to the one that may write (the server refuses the others anyway). False until known.
 */
export function useHasPrivilege(privilege: PrivilegeKey): boolean {
  return useCurrentUser().data?.privileges.includes(privilege) ?? false;
}
