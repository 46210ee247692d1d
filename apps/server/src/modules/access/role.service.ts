import type {
  AclRole,
  CreateAclRoleBody,
  Privilege,
  RoleEntry,
  UpdateAclRoleBody,
} from '@mandira/contract/access';
import {
  BUILT_IN_ROLES,
  type BuiltInRoleKey,
  PRIVILEGE_KEYS,
  PRIVILEGES,
  type PrivilegeKey,
  SUPER_ADMIN_ROLE,
} from '@mandira/contract/roles';
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, oneByOne, type Tx } from '../../db/client.ts';
import { knownPrivileges, rolePrivileges, roles, userRoles } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, duplicate, isUniqueViolation, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import { privilegesOfRoles, refuseGrantBeyondOwn, refuseRoleBeyondOwn } from './privilege-ceiling.ts';

export function listPrivileges(): Privilege[] {
  return PRIVILEGE_KEYS.map((key) => ({ key, label: PRIVILEGES[key].label }));
}

export async function listRoleEntries(db: Db): Promise<RoleEntry[]> {
  return db.select({ key: roles.key, label: roles.label }).from(roles).orderBy(asc(roles.id));
}

export async function roleEntriesOfUser(db: Db, userId: number): Promise<RoleEntry[]> {
  return db
    .select({ key: roles.key, label: roles.label })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.id));
}

export async function listAclRoles(db: Db | Tx): Promise<AclRole[]> {
  const [roleRows, privilegeRows] = await oneByOne([
    db.select().from(roles).orderBy(asc(roles.id)),
    db.select().from(rolePrivileges),
  ]);
  return roleRows.map((role) => ({
    id: role.id,
    key: role.key,
    label: role.label,
    builtIn: role.builtIn,
    version: role.version,
    privileges:
      role.key === SUPER_ADMIN_ROLE
        ? [...PRIVILEGE_KEYS]
        : PRIVILEGE_KEYS.filter((key) =>
            privilegeRows.some((p) => p.roleId === role.id && p.privilege === key),
          ),
  }));
}

async function aclRole(db: Db | Tx, id: number): Promise<AclRole> {
  const role = (await listAclRoles(db)).find((r) => r.id === id);
  if (!role) throw notFound('Rol bulunamadı.');
  return role;
}

export async function createAclRole(
  tx: Tx,
  actor: Actor,
  body: z.output<typeof CreateAclRoleBody>,
): Promise<AclRole> {
  refuseGrantBeyondOwn(actor, body.privileges);
  try {
    const [created] = await tx
      .insert(roles)
      .values({ key: body.key, label: body.label })
      .returning({ id: roles.id });
    await setPrivileges(tx, created!.id, body.privileges);
    await stampCreated(tx, 'roles', created!.id, actor);
    const after = await aclRole(tx, created!.id);
    await recordChange(tx, actor, { action: 'CREATE', entityType: 'ROLE', entityId: after.id, after });
    return after;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(`'${body.key}' anahtarlı bir rol zaten var.`);
    throw error;
  }
}

export async function updateAclRole(
  tx: Tx,
  actor: Actor,
  body: z.output<typeof UpdateAclRoleBody>,
): Promise<AclRole> {
  refuseGrantBeyondOwn(actor, body.privileges);
  try {
    const [existing] = await tx.select().from(roles).where(eq(roles.id, body.id)).for('update');
    if (!existing) throw notFound('Rol bulunamadı.');
    const before = await aclRole(tx, body.id);
    if (existing.key === SUPER_ADMIN_ROLE) {
      throw new AppError('CONFLICT', 'Süper yönetici rolü tüm yetkilere sahiptir ve değiştirilemez.');
    }
    refuseRoleBeyondOwn(actor, await privilegesOfRoles(tx, [existing.id]));
    if (existing.builtIn && existing.key !== body.key) {
      throw new AppError('CONFLICT', 'Hazır rollerin anahtarı değiştirilemez.');
    }
    await takeNextVersion(tx, 'roles', body.id, actor, body.version);
    await tx.update(roles).set({ key: body.key, label: body.label }).where(eq(roles.id, body.id));
    await tx.delete(rolePrivileges).where(eq(rolePrivileges.roleId, body.id));
    await setPrivileges(tx, body.id, body.privileges);
    const after = await aclRole(tx, body.id);
    await recordChange(tx, actor, { action: 'UPDATE', entityType: 'ROLE', entityId: body.id, before, after });
    return after;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(`'${body.key}' anahtarlı bir rol zaten var.`);
    throw error;
  }
}

async function setPrivileges(tx: Tx, roleId: number, privileges: readonly PrivilegeKey[]): Promise<void> {
  const unique = [...new Set(privileges)];
  if (unique.length > 0) {
    await tx.insert(rolePrivileges).values(unique.map((privilege) => ({ roleId, privilege })));
  }
}

/**
 * Seeds the built-in roles, and hands every privilege not seen before to the built-in roles the
 * catalogue names; a privilege an administrator later took away is not given back on restart.
 */
export async function seedBuiltInRoles(tx: Tx, _actor: Actor): Promise<void> {
  await tx
    .insert(roles)
    .values(Object.entries(BUILT_IN_ROLES).map(([key, label]) => ({ key, label, builtIn: true })))
    .onConflictDoNothing({ target: roles.key });
  const known = new Set((await tx.select().from(knownPrivileges)).map((row) => row.key));
  const fresh = PRIVILEGE_KEYS.filter((key) => !known.has(key));
  if (fresh.length === 0) return;
  const builtIn = await tx
    .select({ id: roles.id, key: roles.key })
    .from(roles)
    .where(inArray(roles.key, Object.keys(BUILT_IN_ROLES)));
  const grants = fresh.flatMap((privilege) =>
    (PRIVILEGES[privilege].roles as readonly BuiltInRoleKey[]).map((roleKey) => ({
      roleId: builtIn.find((role) => role.key === roleKey)!.id,
      privilege,
    })),
  );
  if (grants.length > 0) await tx.insert(rolePrivileges).values(grants).onConflictDoNothing();
  await tx.insert(knownPrivileges).values(fresh.map((key) => ({ key })));
}
