import { z } from 'zod';
import { optionalPhone } from './fields.ts';
import { PrivilegeKeySchema } from './roles.ts';

export const SignInBody = z.object({ userName: z.string(), password: z.string() });
export type SignInBody = z.infer<typeof SignInBody>;
export const SignInResult = z.object({ authToken: z.string() });
export type SignInResult = z.infer<typeof SignInResult>;

export const ActuatorInfo = z.object({
  name: z.string(),
  version: z.string(),
  /** Tile URL template of the map pickers (`MAP_TILE_URL`). */
  mapTileUrl: z.string(),
});
export type ActuatorInfo = z.infer<typeof ActuatorInfo>;

export const UserStatus = z.enum(['ACTIVE', 'PASSIVE']);
export type UserStatus = z.infer<typeof UserStatus>;
export const USER_STATUS_LABELS: Record<UserStatus, string> = { ACTIVE: 'Aktif', PASSIVE: 'Pasif' };

export const RoleEntry = z.object({ key: z.string(), label: z.string() });
export type RoleEntry = z.infer<typeof RoleEntry>;

export const UserAccess = z.object({
  id: z.number().int(),
  userName: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  phone: z.string(),
  status: UserStatus,
  registrationDate: z.string(),
  roles: z.array(RoleEntry),
});
export type UserAccess = z.infer<typeof UserAccess>;

/** The signed-in user, with the privileges the roles give. */
export const CurrentUser = UserAccess.extend({ privileges: z.array(PrivilegeKeySchema) });
export type CurrentUser = z.infer<typeof CurrentUser>;

const roleKey = z.string().trim().min(1);
/** A role is named by its key; the screen may also send the whole entry it received. */
const RoleRef = z.union([roleKey, z.object({ key: roleKey }).transform((entry) => entry.key)]);

const optionalText = (max: number) => z.string().trim().max(max).default('');

const userFields = {
  userName: z
    .string()
    .trim()
    .min(3, 'Kullanıcı adı en az 3 karakter olmalıdır.')
    .max(50)
    .regex(/^[\p{L}\p{N}._-]+$/u, 'Kullanıcı adı boşluk içeremez.'),
  name: optionalText(100),
  surname: optionalText(100),
  email: z.union([z.literal(''), z.string().trim().email('Geçerli bir e-posta adresi giriniz.')]).default(''),
  phone: optionalPhone(30),
  status: UserStatus.default('ACTIVE'),
  roles: z.array(RoleRef).default([]),
};

export const CreateUserAccessBody = z.object({
  ...userFields,
  /** Optional: without it the user gets a password through 'Şifre Üret'. */
  password: z.string().min(8, 'Şifre en az 8 karakter olmalıdır.').max(200).optional(),
});
export type CreateUserAccessBody = z.input<typeof CreateUserAccessBody>;

export const UpdateUserAccessBody = z.object({ id: z.coerce.number().int().positive(), ...userFields });
export type UpdateUserAccessBody = z.input<typeof UpdateUserAccessBody>;

export const UserAccessIdQuery = z.object({ userAccessId: z.coerce.number().int().positive() });
export const OptionalUserAccessIdQuery = z.object({
  userAccessId: z.coerce.number().int().positive().optional(),
});

export const GeneratedPassword = z.object({ generatedPass: z.string() });
export type GeneratedPassword = z.infer<typeof GeneratedPassword>;

export const Privilege = z.object({ key: PrivilegeKeySchema, label: z.string() });
export type Privilege = z.infer<typeof Privilege>;

export const AclRole = z.object({
  id: z.number().int(),
  key: z.string(),
  label: z.string(),
  builtIn: z.boolean(),
  privileges: z.array(PrivilegeKeySchema),
});
export type AclRole = z.infer<typeof AclRole>;

const aclRoleFields = {
  key: z
    .string()
    .trim()
    .regex(
      /^[A-Z][A-Z0-9_]{2,49}$/,
      'Rol anahtarı büyük harf, rakam ve alt çizgiden oluşmalıdır (ör. DEPO_SORUMLUSU).',
    ),
  label: z.string().trim().min(1).max(100),
  privileges: z.array(PrivilegeKeySchema).default([]),
};
export const CreateAclRoleBody = z.object(aclRoleFields);
export type CreateAclRoleBody = z.input<typeof CreateAclRoleBody>;
export const UpdateAclRoleBody = z.object({ id: z.coerce.number().int().positive(), ...aclRoleFields });
export type UpdateAclRoleBody = z.input<typeof UpdateAclRoleBody>;

export const PageViewQuery = z.object({ role: z.string().trim().min(1) });

export const MenuEntry = z.object({ groupName: z.string(), label: z.string(), relativePath: z.string() });
export type MenuEntry = z.infer<typeof MenuEntry>;

export const Count = z.number().int();
