import { PRIVILEGE_KEYS, PRIVILEGES, type PrivilegeKey, SUPER_ADMIN_ROLE } from '@mandira/contract/roles';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { rolePrivileges, roles, userRoles } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';

/**
 * Decision 52: nobody hands out more than they hold. A user who is not a super administrator may put
 * into a role, or give to a user through roles, only privileges they hold themselves; and may edit or
 * give a new password only to users whose every privilege they hold and who cannot manage users.
 */

const KNOWN = new Set<string>(PRIVILEGE_KEYS);

/** The privileges of the roles matching `where`; the super administrator role holds every one. */
async function privilegesWhere(tx: Db | Tx, where: SQL): Promise<Set<PrivilegeKey>> {
  const rows = await tx
    .select({ key: roles.key, privilege: rolePrivileges.privilege })
    .from(roles)
    .leftJoin(rolePrivileges, eq(rolePrivileges.roleId, roles.id))
    .where(where);
  if (rows.some((row) => row.key === SUPER_ADMIN_ROLE)) return new Set(PRIVILEGE_KEYS);
  return new Set(
    rows.flatMap((row) => (row.privilege && KNOWN.has(row.privilege) ? [row.privilege as PrivilegeKey] : [])),
  );
}

export function privilegesOfRoles(tx: Db | Tx, roleIds: readonly number[]): Promise<Set<PrivilegeKey>> {
  if (roleIds.length === 0) return Promise.resolve(new Set());
  return privilegesWhere(tx, inArray(roles.id, [...roleIds]));
}

export function privilegesOfUser(tx: Db | Tx, userId: number): Promise<Set<PrivilegeKey>> {
  return privilegesWhere(
    tx,
    inArray(
      roles.id,
      tx.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)),
    ),
  );
}

/** The privileges among `privileges` that the actor does not hold. */
function notHeld(actor: Actor, privileges: Iterable<PrivilegeKey>): PrivilegeKey[] {
  if (actor.isSuperAdmin) return [];
  return [...privileges].filter((privilege) => !actor.privileges.has(privilege));
}

function labels(privileges: readonly PrivilegeKey[]): string {
  return privileges.map((privilege) => PRIVILEGES[privilege].label).join(', ');
}

/** Refuses handing out, through a role or a role assignment, a privilege the actor lacks. */
export function refuseGrantBeyondOwn(actor: Actor, privileges: Iterable<PrivilegeKey>): void {
  const missing = notHeld(actor, privileges);
  if (missing.length > 0) {
    throw new AppError('FORBIDDEN', `Sahip olmadığınız yetkileri veremezsiniz: ${labels(missing)}.`);
  }
}

/** Refuses changing a role that holds privileges the actor lacks (it would change what others hold). */
export function refuseRoleBeyondOwn(actor: Actor, privileges: Iterable<PrivilegeKey>): void {
  const missing = notHeld(actor, privileges);
  if (missing.length > 0) {
    throw new AppError(
      'FORBIDDEN',
      `Sahip olmadığınız yetkileri içeren bir rolü değiştiremezsiniz: ${labels(missing)}.`,
    );
  }
}

/**
 * Whether the actor may edit or reset the password of a user holding `privileges`: a peer who manages
 * users, or anyone holding more than the actor, is left to a super administrator.
 */
export function mayManageUser(actor: Actor, privileges: ReadonlySet<PrivilegeKey>): boolean {
  if (actor.isSuperAdmin) return true;
  return !privileges.has('USER_MANAGEMENT') && notHeld(actor, privileges).length === 0;
}
