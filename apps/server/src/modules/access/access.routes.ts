import { setTimeout } from 'node:timers/promises';
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
} from '@mandira/contract/access';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answers } from '../../http/answers.ts';
import { AUTH_HEADER, actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { ThrottledError } from '../../http/errors.ts';
import { SIGN_IN_BODY_LIMIT } from '../../http/json-body.ts';
import { mayView, menusFor } from './menu.service.ts';
import { listRoleEntries, roleEntriesOfUser } from './role.service.ts';
import { type SessionDeps, signIn, signOut, startSignInGuard } from './session.service.ts';
import { forgetSessionsAfterWrites } from './session-cache.ts';
import { RememberedThrottle, USER_NAME_KEY_LENGTH } from './sign-in-throttle.ts';
import {
  countUsers,
  createUser,
  currentUser,
  listUsers,
  regeneratePassword,
  updateUser,
} from './user.service.ts';

export function accessRoutes(deps: SessionDeps) {
  const { db, config } = deps;
  const signInGuard = startSignInGuard(config);
  return async (instance: FastifyInstance) => {
    forgetSessionsAfterWrites(instance, deps.sessions);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Erişim ve kullanıcılar'];

    app.post(
      '/user-access/sign-in',
      {
        schema: {
          tags,
          summary: 'Kullanıcı adı ve şifreyle oturum açar',
          operationId: 'signInUser',
          description:
            'Public. 401: wrong name or password; 403: the user is passive; 429: too many failed attempts ' +
            'for this name and address (or this device), wait as `Retry-After` says; 503: too many ' +
            'sign-ins are being checked, try again after `Retry-After` (a known device goes first).',
          body: SignInBody,
          response: answers(SignInResult, 401, 403, 429),
        },
        config: { access: 'PUBLIC' },
        bodyLimit: SIGN_IN_BODY_LIMIT,
      },
      async (request) => {
        try {
          return ok(await signIn(deps, signInGuard, { ...request.body, address: request.ip }));
        } catch (error) {
          // A throttled client's answer comes late: a flood of refusals then costs a timer per connection,
          // not the answering of as many requests as the connections can carry; spread from half to one
          // and a half times the delay, so parallel refusals do not come back as one burst (decision 148).
          if (error instanceof ThrottledError) {
            await setTimeout(config.signInRefusalDelayMs * (0.5 + Math.random()));
          }
          // Who failed to sign in, for the audit; a pasted novel as a user name stays out of the log. A
          // refusal repeated from memory says again what its first one said, so it waits for LOG_LEVEL=info:
          // a flood would otherwise spend its time writing the same line.
          const userName = request.body.userName.slice(0, USER_NAME_KEY_LENGTH);
          const level = error instanceof RememberedThrottle ? 'info' : 'warn';
          request.log[level](
            { userName, address: request.ip, code: (error as { code?: string }).code },
            'giriş reddedildi',
          );
          throw error;
        }
      },
    );
    app.post(
      '/user-access/sign-out',
      {
        schema: {
          tags,
          summary: 'Oturumu kapatır',
          operationId: 'signOutUser',
          response: answers(SignedOut),
        },
        config: { access: 'AUTH_ANY_ROLE' },
      },
      async (request) => {
        await db.transaction((tx) => signOut(tx, actorOf(request), String(request.headers[AUTH_HEADER])));
        return ok(null);
      },
    );

    app.get(
      '/user-access',
      {
        schema: {
          tags,
          summary: 'Kullanıcıları rolleriyle listeler',
          operationId: 'listUsers',
          response: answers(z.array(UserAccess).describe('Every user, by id.')),
        },
        config: { access: 'USER_MANAGEMENT' },
      },
      async () => ok(await listUsers(db)),
    );
    app.post(
      '/user-access',
      {
        schema: {
          tags,
          summary: 'Yeni kullanıcı ekler',
          operationId: 'createUser',
          description: '409: the user name is taken (whatever its case).',
          body: CreateUserAccessBody,
          response: answers(UserAccess, 409),
        },
        config: { access: 'USER_MANAGEMENT' },
      },
      async (request) => ok(await db.transaction((tx) => createUser(tx, actorOf(request), request.body))),
    );
    app.put(
      '/user-access',
      {
        schema: {
          tags,
          summary: 'Kullanıcının bilgilerini ve rollerini günceller',
          operationId: 'updateUser',
          description:
            '409: the user name is taken, or the change would rename, deactivate or demote the super user. ' +
            "A passive user's open sessions end.",
          body: UpdateUserAccessBody,
          response: answers(UserAccess, 404, 409),
        },
        config: { access: 'USER_MANAGEMENT' },
      },
      async (request) =>
        ok(
          await db.transaction((tx) => updateUser(tx, actorOf(request), request.body, config.adminUserName)),
        ),
    );
    app.get(
      '/user-access/roles',
      {
        schema: {
          tags,
          summary: 'Rolleri ya da bir kullanıcının rollerini listeler',
          operationId: 'listUserRoleEntries',
          description:
            "Without `userAccessId` every role; with it that user's roles (none for an unknown user).",
          querystring: OptionalUserAccessIdQuery,
          response: answers(z.array(RoleEntry)),
        },
        config: { access: 'USER_MANAGEMENT' },
      },
      async (request) => {
        const { userAccessId } = request.query;
        return ok(
          userAccessId === undefined ? await listRoleEntries(db) : await roleEntriesOfUser(db, userAccessId),
        );
      },
    );
    app.get(
      '/user-access/generate-pass',
      {
        schema: {
          tags,
          summary: 'Kullanıcıya yeni şifre üretir',
          operationId: 'generateUserPassword',
          description:
            "Writes, although a GET: the user's password is replaced and their open sessions end. " +
            'Refused (403) for the super user, and for users beyond your own privileges.',
          querystring: UserAccessIdQuery,
          response: answers(GeneratedPassword, 404),
        },
        config: { access: 'USER_MANAGEMENT' },
      },
      async (request) =>
        ok(
          await db.transaction((tx) =>
            regeneratePassword(tx, actorOf(request), request.query.userAccessId, config.adminUserName),
          ),
        ),
    );
    app.get(
      '/user-access/page-view',
      {
        schema: {
          tags,
          summary: 'Kullanıcının bir sayfayı açıp açamayacağını söyler',
          operationId: 'checkUserPageView',
          description: '`role`: a privilege key, a role key or AUTH_ANY_ROLE; 400 when it is none of them.',
          querystring: PageViewQuery,
          response: answers(PageViewAnswer),
        },
        config: { access: 'AUTH_ANY_ROLE' },
      },
      async (request) => ok(await mayView(db, actorOf(request), request.query.role)),
    );
    // Who is signed in, for the page header; no screen of its own.
    app.get(
      '/user-access/me',
      {
        schema: {
          tags,
          summary: 'Oturumdaki kullanıcıyı ve yetkilerini getirir',
          operationId: 'getCurrentUser',
          response: answers(CurrentUser),
        },
        config: { access: 'AUTH_ANY_ROLE' },
      },
      async (request) => ok(await currentUser(db, actorOf(request))),
    );
    app.get(
      '/user-access/menus',
      {
        schema: {
          tags,
          summary: 'Kullanıcının açabildiği menü girişlerini listeler',
          operationId: 'listUserMenus',
          response: answers(z.array(MenuEntry).describe('In menu order.')),
        },
        config: { access: 'AUTH_ANY_ROLE' },
      },
      async (request) => ok(menusFor(actorOf(request))),
    );
    app.get(
      '/dashboard/user-count',
      {
        schema: {
          tags,
          summary: 'Kullanıcı sayısını verir',
          operationId: 'countUsers',
          response: answers(Count.describe('How many users there are, active and passive.')),
        },
        config: { access: 'DASHBOARD' },
      },
      async () => ok(await countUsers(db)),
    );
  };
}
