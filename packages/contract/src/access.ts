import { z } from 'zod';
import { idOf, optionalPhone, text } from './fields.ts';
import { recordVersion, versionField } from './record-version.ts';
import { PrivilegeKeySchema } from './roles.ts';

/** Generous bounds: a longer name or password is no one's, and costs the throttle and the log. */
export const SignInBody = z.object({
  userName: text().max(200),
  password: text().max(1000),
  /** The device token a sign-in of this user answered before on this device (decision 97). */
  deviceToken: text().max(200).nullish(),
});
export type SignInBody = z.infer<typeof SignInBody>;
/** `POST /user-access/sign-in`: the session token, and this device's token for the next sign-in. */
export const SignInResult = z
  .object({
    authToken: z
      .string()
      .describe(
        'The session: send it in the `auth-token` header of every other request. It expires after a ' +
          'while without requests (TOKEN_TTL_HOURS) and at the latest SESSION_MAX_DAYS after the sign-in.',
      ),
    deviceToken: z
      .string()
      .describe(
        "Keep it on this device and send it with this user's next sign-in: that device then has a " +
          'failure budget of its own instead of the shared one of the name and the address.',
      ),
  })
  .meta({ id: 'SignInResult' });
export type SignInResult = z.infer<typeof SignInResult>;

export const UserStatus = z.enum(['ACTIVE', 'PASSIVE']);
export type UserStatus = z.infer<typeof UserStatus>;
export const USER_STATUS_LABELS: Record<UserStatus, string> = { ACTIVE: 'Aktif', PASSIVE: 'Pasif' };

/** A role as the user screens show it: its key and its Turkish label. */
export const RoleEntry = z
  .object({
    key: z.string().describe('The role key: a built-in one (`SALES_ADMIN`) or one an administrator created.'),
    label: z.string().describe('Turkish, for the user.'),
  })
  .meta({ id: 'RoleEntry' });
export type RoleEntry = z.infer<typeof RoleEntry>;

const userAccessFields = {
  id: z.number().int().describe('The user id (`userAccessId` of the queries).'),
  userName: z.string().describe('The sign-in name; unique whatever its case.'),
  name: z.string().describe("'' when not given."),
  surname: z.string().describe("'' when not given."),
  email: z.string().describe("'' when not given."),
  phone: z.string().describe("'' when not given."),
  status: UserStatus.describe('PASSIVE: the user cannot sign in and has no open session.'),
  registrationDate: z.iso
    .datetime({ offset: true })
    .describe('When the user was created: ISO 8601 in UTC (`2025-03-01T06:30:00.000Z`).'),
  roles: z.array(RoleEntry).describe('The roles the user holds, in the order they were created.'),
  version: recordVersion,
};
/** A user of the portal, with the roles it holds. */
export const UserAccess = z.object(userAccessFields).meta({ id: 'UserAccess' });
export type UserAccess = z.infer<typeof UserAccess>;

/** The signed-in user, with the privileges the roles give. */
export const CurrentUser = z
  .object({
    ...userAccessFields,
    privileges: z
      .array(PrivilegeKeySchema)
      .describe('Every privilege the roles grant; all of them for SUPER_ADMIN.'),
  })
  .meta({ id: 'CurrentUser' });
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
export const UpdateUserAccessBody = z.object({ id: userId, ...userFields, ...versionField });
export type UpdateUserAccessBody = z.input<typeof UpdateUserAccessBody>;

export const UserAccessIdQuery = z.object({ userAccessId: userId });
export const OptionalUserAccessIdQuery = z.object({ userAccessId: userId.optional() });

/** `GET /user-access/generate-pass`: the new password, shown once; it is not stored in clear. */
export const GeneratedPassword = z
  .object({ generatedPass: z.string().describe('The new password, to hand to the user.') })
  .meta({ id: 'GeneratedPassword' });
export type GeneratedPassword = z.infer<typeof GeneratedPassword>;

/** A privilege of the catalogue: one per screen and the operations that screen uses. */
export const Privilege = z
  .object({ key: PrivilegeKeySchema, label: z.string().describe('Turkish, for the user.') })
  .meta({ id: 'Privilege' });
export type Privilege = z.infer<typeof Privilege>;

/** A role with the privileges it grants. */
export const AclRole = z
  .object({
    id: z.number().int().describe('The role id (`id` of the update body).'),
    key: z.string().describe('Upper case, digits and `_`; unique.'),
    label: z.string().describe('Turkish, for the user.'),
    builtIn: z.boolean().describe('One of the seeded roles: its key cannot change.'),
    version: recordVersion,
    privileges: z
      .array(PrivilegeKeySchema)
      .describe('In catalogue order; SUPER_ADMIN always has all of them and cannot be changed.'),
  })
  .meta({ id: 'AclRole' });
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
  ...versionField,
});
export type UpdateAclRoleBody = z.input<typeof UpdateAclRoleBody>;

export const PageViewQuery = z.object({ role: text().trim().min(1).max(100) });

/** A screen of the left menu that the signed-in user may open. */
export const MenuEntry = z
  .object({
    groupName: z.string().describe('The Turkish menu group the screen is listed under.'),
    label: z.string().describe('The Turkish name of the screen.'),
    relativePath: z.string().describe("The web app's path of the screen, e.g. `/sut-girisi`."),
  })
  .meta({ id: 'MenuEntry' });
export type MenuEntry = z.infer<typeof MenuEntry>;

export const Count = z.number().int();

/** `GET /user-access/page-view`: whether the signed-in user may open a page that requires `role`. */
export const PageViewAnswer = z
  .boolean()
  .describe('true when the user holds the privilege or role named by `role`, or is SUPER_ADMIN.');
/** `POST /user-access/sign-out`: nothing to answer; the token no longer signs requests in. */
export const SignedOut = z.null().describe('Always null: the session of the `auth-token` has ended.');
