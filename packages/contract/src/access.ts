import { z } from 'zod';
import { idOf, optionalPhone, text } from './fields.ts';
import { PrivilegeKeySchema } from './roles.ts';

/** Generous bounds: a longer name or password is no one's, and costs the throttle and the log. */
export const SignInBody = z.object({
  userName: text().max(200),
  password: text().max(1000),
  /** The device token a sign-in of this user answered before on this device (decision 97). */
  deviceToken: text().max(200).nullish(),
});
export type SignInBody = z.infer<typeof SignInBody>;
export const SignInResult = z.object({ authToken: text(), deviceToken: text() });
export type SignInResult = z.infer<typeof SignInResult>;

export const ActuatorInfo = z.object({
  name: text(),
  version: text(),
  /** Tile URL template of the map pickers (`MAP_TILE_URL`). */
  mapTileUrl: text(),
});
export type ActuatorInfo = z.infer<typeof ActuatorInfo>;

export const UserStatus = z.enum(['ACTIVE', 'PASSIVE']);
export type UserStatus = z.infer<typeof UserStatus>;
export const USER_STATUS_LABELS: Record<UserStatus, string> = { ACTIVE: 'Aktif', PASSIVE: 'Pasif' };

export const RoleEntry = z.object({ key: text(), label: text() });
export type RoleEntry = z.infer<typeof RoleEntry>;

export const UserAccess = z.object({
  id: z.number().int(),
  userName: text(),
  name: text(),
  surname: text(),
  email: text(),
  phone: text(),
  status: UserStatus,
  registrationDate: text(),
  roles: z.array(RoleEntry),
});
export type UserAccess = z.infer<typeof UserAccess>;

/** The signed-in user, with the privileges the roles give. */
export const CurrentUser = UserAccess.extend({ privileges: z.array(PrivilegeKeySchema) });
export type CurrentUser = z.infer<typeof CurrentUser>;

const roleKey = text().trim().min(1).max(50);
/** A role is named by its key; the screen may also send the whole entry it received. */
const RoleRef = z.union([roleKey, z.object({ key: roleKey }).transform((entry) => entry.key)]);

const optionalText = (max: number) => text().trim().max(max).default('');

const userFields = {
  userName: text()
    .trim()
    .min(3, 'Kullanıcı adı en az 3 karakter olmalıdır.')
    .max(50)
    .regex(/^[\p{L}\p{N}._-]+$/u, 'Kullanıcı adı boşluk içeremez.'),
  name: optionalText(100),
  surname: optionalText(100),
  email: z
    .union([z.literal(''), text().trim().max(200).email('Geçerli bir e-posta adresi giriniz.')])
    .default(''),
  phone: optionalPhone(30),
  status: UserStatus.default('ACTIVE'),
  roles: z.array(RoleRef).max(50).default([]),
};

export const CreateUserAccessBody = z.object({
  ...userFields,
  /** Optional: without it the user gets a password through 'Şifre Üret'. */
  password: text().min(8, 'Şifre en az 8 karakter olmalıdır.').max(200).optional(),
});
export type CreateUserAccessBody = z.input<typeof CreateUserAccessBody>;

const userId = idOf('Geçerli bir kullanıcı numarası giriniz.');
export const UpdateUserAccessBody = z.object({ id: userId, ...userFields });
export type UpdateUserAccessBody = z.input<typeof UpdateUserAccessBody>;

export const UserAccessIdQuery = z.object({ userAccessId: userId });
export const OptionalUserAccessIdQuery = z.object({ userAccessId: userId.optional() });

export const GeneratedPassword = z.object({ generatedPass: text() });
export type GeneratedPassword = z.infer<typeof GeneratedPassword>;

export const Privilege = z.object({ key: PrivilegeKeySchema, label: text() });
export type Privilege = z.infer<typeof Privilege>;

export const AclRole = z.object({
  id: z.number().int(),
  key: text(),
  label: text(),
  builtIn: z.boolean(),
  privileges: z.array(PrivilegeKeySchema),
});
export type AclRole = z.infer<typeof AclRole>;

const aclRoleFields = {
  key: text()
    .trim()
    .regex(
      /^[A-Z][A-Z0-9_]{2,49}$/,
      'Rol anahtarı büyük harf, rakam ve alt çizgiden oluşmalıdır (ör. DEPO_SORUMLUSU).',
    ),
  label: text().trim().min(1).max(100),
  privileges: z.array(PrivilegeKeySchema).default([]),
};
export const CreateAclRoleBody = z.object(aclRoleFields);
export type CreateAclRoleBody = z.input<typeof CreateAclRoleBody>;
export const UpdateAclRoleBody = z.object({
  id: idOf('Geçerli bir rol numarası giriniz.'),
  ...aclRoleFields,
});
export type UpdateAclRoleBody = z.input<typeof UpdateAclRoleBody>;

export const PageViewQuery = z.object({ role: text().trim().min(1).max(100) });

export const MenuEntry = z.object({ groupName: text(), label: text(), relativePath: text() });
export type MenuEntry = z.infer<typeof MenuEntry>;

export const Count = z.number().int();
