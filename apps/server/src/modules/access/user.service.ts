import type {
  CreateUserAccessBody,
  CurrentUser,
  RoleEntry,
  UpdateUserAccessBody,
  UserAccess,
} from '@mandira/contract/access';
import { SUPER_ADMIN_ROLE } from '@mandira/contract/roles';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, badRequest, duplicate, isUniqueViolation, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import { generatePassword, hashPassword } from './password.ts';
import {
  mayManageUser,
  privilegesOfRoles,
  privilegesOfUser,
  refuseGrantBeyondOwn,
} from './privilege-ceiling.ts';
import { roleIdOfKey, rolesWithKeys } from './role.repo.ts';
import { revokeSessionsOf } from './session.service.ts';
import {
  countUserRows,
  deleteUserRoles,
  holdsRole,
  insertUser,
  insertUserRoles,
  lockUser,
  selectRolesOfUsers,
  selectUser,
  selectUsers,
  setPasswordHash,
  updateUserRow,
  userIdNamed,
} from './user.repo.ts';

type CreateInput = z.output<typeof CreateUserAccessBody>;
type UpdateInput = z.output<typeof UpdateUserAccessBody>;

const REFUSED_PASSWORD = 'Seçilen kullanıcı için şifre üretilemez!';
const BEYOND_OWN = 'Kullanıcı yönetebilen ya da sizde olmayan yetkilere sahip bir kullanıcı';

export async function listUsers(db: Db | Tx, onlyId?: number): Promise<UserAccess[]> {
  const rows = await selectUsers(db, onlyId);
  const roleRows = await selectRolesOfUsers(db, onlyId);
  const rolesByUser = new Map<number, RoleEntry[]>();
  for (const row of roleRows) {
    const list = rolesByUser.get(row.userId) ?? [];
    list.push({ key: row.key, label: row.label });
    rolesByUser.set(row.userId, list);
  }
  return rows.map((user) => ({
    id: user.id,
    userName: user.userName,
    name: user.name,
    surname: user.surname,
    email: user.email,
    phone: user.phone,
    status: user.status,
    registrationDate: user.registrationDate.toISOString(),
    roles: rolesByUser.get(user.id) ?? [],
    version: user.version,
  }));
}

async function oneUser(db: Db | Tx, id: number): Promise<UserAccess> {
  const [user] = await listUsers(db, id);
  if (!user) throw notFound('Kullanıcı bulunamadı.');
  return user;
}

export async function currentUser(db: Db, actor: Actor): Promise<CurrentUser> {
  const user = await oneUser(db, actor.userId);
  return { ...user, privileges: [...actor.privileges] };
}

export async function countUsers(db: Db): Promise<number> {
  return countUserRows(db);
}

/** What an administrator writes of a user, on creating and on updating. */
const fieldsOf = (input: CreateInput | UpdateInput) => ({
  userName: input.userName,
  name: input.name,
  surname: input.surname,
  email: input.email,
  phone: input.phone,
  status: input.status,
});

export async function createUser(tx: Tx, actor: Actor, input: CreateInput): Promise<UserAccess> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const roleIds = await resolveRoles(tx, actor, input.roles);
    const createdId = await insertUser(tx, { ...fieldsOf(input), passwordHash });
    await insertUserRoles(tx, createdId, roleIds);
    await stampCreated(tx, 'users', createdId, actor);
    const after = await oneUser(tx, createdId);
    await recordChange(tx, actor, { action: 'CREATE', entityType: 'USER', entityId: after.id, after });
    return after;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(`'${input.userName}' kullanıcı adı zaten kullanılıyor.`);
    throw error;
  }
}

/** `superUserName`: the super user (ADMIN_USERNAME), whose name, status and role stay as they are. */
export async function updateUser(
  tx: Tx,
  actor: Actor,
  input: UpdateInput,
  superUserName: string,
): Promise<UserAccess> {
  try {
    const existing = await lockUser(tx, input.id);
    if (!existing) throw notFound('Kullanıcı bulunamadı.');
    const before = await oneUser(tx, input.id);
    if ((await holdsSuperAdmin(tx, input.id)) && !actor.isSuperAdmin) {
      throw new AppError(
        'FORBIDDEN',
        'Süper yönetici yetkisine sahip bir kullanıcıyı yalnızca süper yönetici düzenleyebilir.',
      );
    }
    if (!mayManageUser(actor, await privilegesOfUser(tx, input.id))) {
      throw new AppError('FORBIDDEN', `${BEYOND_OWN}yı yalnızca süper yönetici düzenleyebilir.`);
    }
    const roleIds = await resolveRoles(tx, actor, input.roles);
    if (isSameName(existing.userName, superUserName)) {
      if (
        !isSameName(input.userName, superUserName) ||
        input.status !== 'ACTIVE' ||
        !input.roles.includes(SUPER_ADMIN_ROLE)
      ) {
        throw new AppError(
          'CONFLICT',
          'Süper kullanıcının adı değiştirilemez, pasife alınamaz ve süper yönetici rolü kaldırılamaz.',
        );
      }
    }
    await takeNextVersion(tx, 'users', input.id, actor, input.version);
    await updateUserRow(tx, input.id, fieldsOf(input));
    await deleteUserRoles(tx, input.id);
    await insertUserRoles(tx, input.id, roleIds);
    if (input.status !== 'ACTIVE') await revokeSessionsOf(tx, input.id);
    const after = await oneUser(tx, input.id);
    await recordChange(tx, actor, {
      action: 'UPDATE',
      entityType: 'USER',
      entityId: input.id,
      before,
      after,
    });
    return after;
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(`'${input.userName}' kullanıcı adı zaten kullanılıyor.`);
    throw error;
  }
}

/** A new password, shown once; the user's open sessions end with the old one. */
export async function regeneratePassword(
  tx: Tx,
  actor: Actor,
  userId: number,
  superUserName: string,
): Promise<{ generatedPass: string }> {
  const user = await selectUser(tx, userId);
  if (!user) throw notFound('Kullanıcı bulunamadı.');
  if (isSameName(user.userName, superUserName)) throw new AppError('FORBIDDEN', REFUSED_PASSWORD);
  if ((await holdsSuperAdmin(tx, userId)) && !actor.isSuperAdmin) {
    throw new AppError('FORBIDDEN', REFUSED_PASSWORD);
  }
  if (!mayManageUser(actor, await privilegesOfUser(tx, userId))) {
    throw new AppError('FORBIDDEN', `${BEYOND_OWN}nın şifresini yalnızca süper yönetici üretebilir.`);
  }
  const generatedPass = generatePassword();
  const passwordHash = await hashPassword(generatedPass);
  await setPasswordHash(tx, userId, passwordHash);
  await revokeSessionsOf(tx, userId);
  // The entry says a new password was made, never the password itself.
  await recordChange(tx, actor, { action: 'REGENERATE_PASSWORD', entityType: 'USER', entityId: userId });
  return { generatedPass };
}

function holdsSuperAdmin(db: Db | Tx, userId: number): Promise<boolean> {
  return holdsRole(db, userId, SUPER_ADMIN_ROLE);
}

/**
 * Role keys to ids; only a super administrator may hand out the super administrator role, and nobody
 * a role with privileges they do not hold (decision 52).
 */
async function resolveRoles(tx: Tx, actor: Actor, keys: readonly string[]): Promise<number[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  if (unique.includes(SUPER_ADMIN_ROLE) && !actor.isSuperAdmin) {
    throw new AppError('FORBIDDEN', 'Süper yönetici rolünü yalnızca süper yönetici atayabilir.');
  }
  const found = await rolesWithKeys(tx, unique);
  const missing = unique.filter((key) => !found.some((role) => role.key === key));
  if (missing.length > 0) throw badRequest(`Bilinmeyen rol: ${missing.join(', ')}`);
  const ids = found.map((role) => role.id);
  refuseGrantBeyondOwn(actor, await privilegesOfRoles(tx, ids));
  return ids;
}

function isSameName(a: string, b: string): boolean {
  return a.toLocaleLowerCase('tr-TR') === b.toLocaleLowerCase('tr-TR');
}

/** First start: the super user named by ADMIN_USERNAME, with the given or a generated password. */
export async function ensureSuperUser(
  tx: Tx,
  _actor: Actor,
  { userName, password }: { userName: string; password: string | undefined },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const existing = await userIdNamed(tx, userName);
  if (existing) return { created: false };
  const generatedPassword = password ? undefined : generatePassword(16);
  const passwordHash = await hashPassword(password ?? generatedPassword!);
  const createdId = await insertUser(tx, { userName, name: 'Sistem', surname: 'Yöneticisi', passwordHash });
  const superRole = await roleIdOfKey(tx, SUPER_ADMIN_ROLE);
  await insertUserRoles(tx, createdId, [superRole!.id]);
  return { created: true, generatedPassword };
}
