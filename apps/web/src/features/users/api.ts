import type {
  AclRole,
  CreateAclRoleBody,
  CreateUserAccessBody,
  GeneratedPassword,
  Privilege,
  RoleEntry,
  UpdateAclRoleBody,
  UpdateUserAccessBody,
  UserAccess,
} from '@mandira/contract/access';
import { useQuery } from '@tanstack/react-query';
import { get, post, put, queryString, unwrap } from '../../api/client.ts';
import { apiQuery, useApiMutation } from '../../api/query.ts';
import { ACL_KEY, USERS_KEY } from '../../api/query-keys.ts';

// Everything under ['users'] depends on users or on role labels, so one invalidation refreshes it.
const USERS = USERS_KEY;
const ACL_ROLES = [...ACL_KEY, 'roles'] as const;

/** The user as it is now, for a form whose save found it changed (`lib/forms/stale-record.tsx`). */
export async function fetchUser(user: UserAccess): Promise<UserAccess | undefined> {
  return (await unwrap(get<UserAccess[]>('/user-access'))).find((row) => row.id === user.id);
}

/** The role as it is now, for the same. */
export async function fetchAclRole(role: AclRole): Promise<AclRole | undefined> {
  return (await unwrap(get<AclRole[]>('/acl/roles'))).find((row) => row.id === role.id);
}

export function useUsers() {
  return useQuery(apiQuery<UserAccess[]>([...USERS, 'list'], '/user-access'));
}

/** Every role a user may be given. */
export function useRoleEntries() {
  return useQuery(apiQuery<RoleEntry[]>([...USERS, 'role-entries'], '/user-access/roles'));
}

/** The roles one user holds; asked fresh each time the edit modal opens. */
export function useRolesOfUser(userAccessId: number | undefined) {
  return useQuery({
    ...apiQuery<RoleEntry[]>(
      [...USERS, 'role-entries', userAccessId],
      `/user-access/roles${queryString({ userAccessId })}`,
    ),
    enabled: userAccessId !== undefined,
    staleTime: 0,
  });
}

export function useSaveUser() {
  return useApiMutation(
    (body: CreateUserAccessBody | UpdateUserAccessBody) =>
      'id' in body && body.id
        ? put<UserAccess>('/user-access', body)
        : post<UserAccess>('/user-access', body),
    { invalidates: [USERS] },
  );
}

export function useGeneratePassword() {
  return useApiMutation((userAccessId: number) =>
    get<GeneratedPassword>(`/user-access/generate-pass${queryString({ userAccessId })}`),
  );
}

export function useAclRoles() {
  return useQuery(apiQuery<AclRole[]>([...ACL_ROLES], '/acl/roles'));
}

export function usePrivileges() {
  return useQuery({
    ...apiQuery<Privilege[]>([...ACL_KEY, 'privileges'], '/acl/privileges'),
    staleTime: Infinity,
  });
}

export function useSaveAclRole() {
  return useApiMutation(
    (body: CreateAclRoleBody | UpdateAclRoleBody) =>
      'id' in body && body.id ? put<AclRole>('/acl/roles', body) : post<AclRole>('/acl/roles', body),
    { invalidates: [ACL_ROLES, USERS] },
  );
}
