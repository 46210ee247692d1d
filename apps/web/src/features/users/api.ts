import type { AclRole, UserAccess } from '@mandira/contract/access';
import type { OperationBody } from '@mandira/contract/operation';
import * as access from '@mandira/contract/operations/access';
import * as acl from '@mandira/contract/operations/acl';
import { useQuery } from '@tanstack/react-query';
import { callApi, unwrap } from '../../api/client.ts';
import { operationQuery, useApiMutation } from '../../api/query.ts';
import { ACL_KEY, USERS_KEY } from '../../api/query-keys.ts';

// Everything under ['users'] depends on users or on role labels, so one invalidation refreshes it.
const USERS = USERS_KEY;
const ACL_ROLES = [...ACL_KEY, 'roles'] as const;

/** The user as it is now, for a form whose save found it changed (`lib/forms/stale-record.tsx`). */
export async function fetchUser(user: UserAccess): Promise<UserAccess | undefined> {
  return (await unwrap(callApi(access.listUsers))).find((row) => row.id === user.id);
}

/** The role as it is now, for the same. */
export async function fetchAclRole(role: AclRole): Promise<AclRole | undefined> {
  return (await unwrap(callApi(acl.listAclRoles))).find((row) => row.id === role.id);
}

export function useUsers() {
  return useQuery(operationQuery(USERS, access.listUsers));
}

/** Every role a user may be given. */
export function useRoleEntries() {
  return useQuery(operationQuery(USERS, access.listUserRoleEntries));
}

/** The roles one user holds; asked fresh each time the edit modal opens. */
export function useRolesOfUser(userAccessId: number | undefined) {
  return useQuery({
    ...operationQuery(USERS, access.listUserRoleEntries, { query: { userAccessId } }),
    enabled: userAccessId !== undefined,
    staleTime: 0,
  });
}

export function useSaveUser() {
  return useApiMutation(
    (body: OperationBody<typeof access.createUser> | OperationBody<typeof access.updateUser>) =>
      'id' in body && body.id ? callApi(access.updateUser, { body }) : callApi(access.createUser, { body }),
    { invalidates: [USERS] },
  );
}

export function useGeneratePassword() {
  return useApiMutation((userAccessId: number) =>
    callApi(access.generateUserPassword, { query: { userAccessId } }),
  );
}

export function useAclRoles() {
  return useQuery(operationQuery(ACL_ROLES, acl.listAclRoles));
}

export function usePrivileges() {
  return useQuery({ ...operationQuery(ACL_KEY, acl.listAclPrivileges), staleTime: Infinity });
}

export function useSaveAclRole() {
  return useApiMutation(
    (body: OperationBody<typeof acl.createAclRole> | OperationBody<typeof acl.updateAclRole>) =>
      'id' in body && body.id ? callApi(acl.updateAclRole, { body }) : callApi(acl.createAclRole, { body }),
    { invalidates: [ACL_ROLES, USERS] },
  );
}
