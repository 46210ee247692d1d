import { z } from 'zod';
import {
  Count,
  CreateUserAccessBody,
  CurrentUser,
  GeneratedPassword,
  MenuEntry,
  OptionalUserAccessIdQuery,
  PageViewAnswer,
  PageViewQuery,
  RoleEntry,
  SignedOut,
  SignInBody,
  SignInResult,
  UpdateUserAccessBody,
  UserAccess,
  UserAccessIdQuery,
} from '../access.ts';
import { operation } from '../operation.ts';

// Signing in and out, the users and their roles, and what the signed-in user may open.
const tags = ['Erişim ve kullanıcılar'];

export const signInUser = operation({
  operationId: 'signInUser',
  method: 'POST',
  path: '/user-access/sign-in',
  tags,
  summary: 'Kullanıcı adı ve şifreyle oturum açar',
  description:
    'Public. 401: wrong name or password; 403: the user is passive; 429: too many failed attempts ' +
    'for this name and address (or this device), wait as `Retry-After` says; 503: too many ' +
    'sign-ins are being checked, try again after `Retry-After` (a known device goes first).',
  access: 'PUBLIC',
  body: SignInBody,
  answer: SignInResult,
  errors: [401, 403, 429],
});

export const signOutUser = operation({
  operationId: 'signOutUser',
  method: 'POST',
  path: '/user-access/sign-out',
  tags,
  summary: 'Oturumu kapatır',
  access: 'AUTH_ANY_ROLE',
  answer: SignedOut,
});

export const listUsers = operation({
  operationId: 'listUsers',
  method: 'GET',
  path: '/user-access',
  tags,
  summary: 'Kullanıcıları rolleriyle listeler',
  access: 'USER_MANAGEMENT',
  answer: z.array(UserAccess).describe('Every user, by id.'),
});

export const createUser = operation({
  operationId: 'createUser',
  method: 'POST',
  path: '/user-access',
  tags,
  summary: 'Yeni kullanıcı ekler',
  description: '409: the user name is taken (whatever its case).',
  access: 'USER_MANAGEMENT',
  body: CreateUserAccessBody,
  answer: UserAccess,
  errors: [409],
});

export const updateUser = operation({
  operationId: 'updateUser',
  method: 'PUT',
  path: '/user-access',
  tags,
  summary: 'Kullanıcının bilgilerini ve rollerini günceller',
  description:
    '409: the user name is taken, or the change would rename, deactivate or demote the super user. ' +
    "A passive user's open sessions end.",
  access: 'USER_MANAGEMENT',
  body: UpdateUserAccessBody,
  answer: UserAccess,
  errors: [404, 409],
});

export const listUserRoleEntries = operation({
  operationId: 'listUserRoleEntries',
  method: 'GET',
  path: '/user-access/roles',
  tags,
  summary: 'Rolleri ya da bir kullanıcının rollerini listeler',
  description: "Without `userAccessId` every role; with it that user's roles (none for an unknown user).",
  access: 'USER_MANAGEMENT',
  query: OptionalUserAccessIdQuery,
  answer: z.array(RoleEntry),
});

export const generateUserPassword = operation({
  operationId: 'generateUserPassword',
  method: 'GET',
  path: '/user-access/generate-pass',
  tags,
  summary: 'Kullanıcıya yeni şifre üretir',
  description:
    "Writes, although a GET: the user's password is replaced and their open sessions end. " +
    'Refused (403) for the super user, and for users beyond your own privileges.',
  access: 'USER_MANAGEMENT',
  query: UserAccessIdQuery,
  answer: GeneratedPassword,
  errors: [404],
});

export const checkUserPageView = operation({
  operationId: 'checkUserPageView',
  method: 'GET',
  path: '/user-access/page-view',
  tags,
  summary: 'Kullanıcının bir sayfayı açıp açamayacağını söyler',
  description: '`role`: a privilege key, a role key or AUTH_ANY_ROLE; 400 when it is none of them.',
  access: 'AUTH_ANY_ROLE',
  query: PageViewQuery,
  answer: PageViewAnswer,
});

/** Who is signed in, for the page header; no screen of its own. */
export const getCurrentUser = operation({
  operationId: 'getCurrentUser',
  method: 'GET',
  path: '/user-access/me',
  tags,
  summary: 'Oturumdaki kullanıcıyı ve yetkilerini getirir',
  access: 'AUTH_ANY_ROLE',
  answer: CurrentUser,
});

export const listUserMenus = operation({
  operationId: 'listUserMenus',
  method: 'GET',
  path: '/user-access/menus',
  tags,
  summary: 'Kullanıcının açabildiği menü girişlerini listeler',
  access: 'AUTH_ANY_ROLE',
  answer: z.array(MenuEntry).describe('In menu order.'),
});

export const countUsers = operation({
  operationId: 'countUsers',
  method: 'GET',
  path: '/dashboard/user-count',
  tags,
  summary: 'Kullanıcı sayısını verir',
  access: 'DASHBOARD',
  answer: Count.describe('How many users there are, active and passive.'),
});
