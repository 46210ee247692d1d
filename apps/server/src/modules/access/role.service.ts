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
  SUPER_ADMIN_ROLE,
} from '@mandira/contract/roles';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, duplicate, isUniqueViolation, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import { privilegesOfRoles, refuseGrantBeyondOwn, refuseRoleBeyondOwn } from './privilege-ceiling.ts';
import {
  deleteRolePrivileges,
  insertBuiltInRoles,
  insertGrantsIfMissing,
  insertKnownPrivileges,
  insertRole,
  insertRolePrivileges,
  knownPrivilegeKeys,
  lockRole,
  rolesWithKeys,
  selectRoleEntries,
  selectRoleEntriesOfUser,
  selectRolesAndPrivileges,
  updateRoleRow,
} from './role.repo.ts';

export function listPrivileges(): Privilege[] {
  return PRIVILEGE_KEYS.map((key) => ({ key, label: PRIVILEGES[key].label }));
}

export async function listRoleEntries(db: Db): Promise<RoleEntry[]> {
  return selectRoleEntries(db);
}

export async function roleEntriesOfUser(db: Db, userId: number): Promise<RoleEntry[]> {
  return selectRoleEntriesOfUser(db, userId);
}

export async function listAclRoles(db: Db | Tx): Promise<AclRole[]> {
  const [roleRows, privilegeRows] = await selectRolesAndPrivileges(db);
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
    const createdId = await insertRole(tx, { key: body.key, label: body.label });
    await insertRolePrivileges(tx, createdId, body.privileges);
    await stampCreated(tx, 'roles', createdId, actor);
    const after = await aclRole(tx, createdId);
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
    const existing = await lockRole(tx, body.id);
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
    await updateRoleRow(tx, body.id, { key: body.key, label: body.label });
    await deleteRolePrivileges(tx, body.id);
    await insertRolePrivileges(tx, body.id, body.privileges);
    const after = await aclRole(tx, body.id);
    await recordChange(tx, actor, { action: 'UPDATE', entityType: 'ROLE', entityId: body.id, before, after });
    return after;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(`'${body.key}' anahtarlı bir rol zaten var.`);
    throw error;
  }
}

/**
 * Seeds the built-in roles, and hands every privilege not seen before to the built-in roles the
 * catalogue names; a privilege an administrator later took away is not given back on restart.
 */
export async function seedBuiltInRoles(tx: Tx, _actor: Actor): Promise<void> {
  await insertBuiltInRoles(tx, BUILT_IN_ROLES);
  const known = await knownPrivilegeKeys(tx);
  const fresh = PRIVILEGE_KEYS.filter((key) => !known.has(key));
  if (fresh.length === 0) return;
  const builtIn = await rolesWithKeys(tx, Object.keys(BUILT_IN_ROLES));
  const grants = fresh.flatMap((privilege) =>
    (PRIVILEGES[privilege].roles as readonly BuiltInRoleKey[]).map((roleKey) => ({
      roleId: builtIn.find((role) => role.key === roleKey)!.id,
      privilege,
    })),
  );
  await insertGrantsIfMissing(tx, grants);
  await insertKnownPrivileges(tx, fresh);
}
