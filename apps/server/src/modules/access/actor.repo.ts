import { PRIVILEGE_KEYS, type PrivilegeKey, SUPER_ADMIN_ROLE } from '@mandira/contract/roles';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rolePrivileges, roles, userRoles } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';

const KNOWN = new Set<string>(PRIVILEGE_KEYS);

/** Roles and effective privileges of a user; SUPER_ADMIN holds every privilege. */
export async function loadActor(db: Db, user: { id: number; userName: string }): Promise<Actor> {
  const rows = await db
    .select({ role: roles.key, privilege: rolePrivileges.privilege })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePrivileges, eq(rolePrivileges.roleId, roles.id))
    .where(eq(userRoles.userId, user.id));
  const roleKeys = [...new Set(rows.map((row) => row.role))];
  const isSuperAdmin = roleKeys.includes(SUPER_ADMIN_ROLE);
  const privileges = isSuperAdmin
    ? new Set(PRIVILEGE_KEYS)
    : new Set(
        rows.flatMap((row) =>
          row.privilege && KNOWN.has(row.privilege) ? [row.privilege as PrivilegeKey] : [],
        ),
      );
  return { userId: user.id, userName: user.userName, roles: roleKeys, privileges, isSuperAdmin };
}
