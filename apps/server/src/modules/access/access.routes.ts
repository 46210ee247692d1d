import {
  CreateUserAccessBody,
  OptionalUserAccessIdQuery,
  PageViewQuery,
  SignInBody,
  UpdateUserAccessBody,
  UserAccessIdQuery,
} from '@mandira/contract/access';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTH_HEADER, actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { SIGN_IN_BODY_LIMIT } from '../../http/json-body.ts';
import { mayView, menusFor } from './menu.service.ts';
import { listRoleEntries, roleEntriesOfUser } from './role.service.ts';
import { type SessionDeps, signIn, signOut } from './session.service.ts';
import { forgetSessionsAfterWrites } from './session-cache.ts';
import { USER_NAME_KEY_LENGTH } from './sign-in-throttle.ts';
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
  return async (instance: FastifyInstance) => {
    forgetSessionsAfterWrites(instance, deps.sessions);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Erişim ve kullanıcılar'];

    app.post(
      '/user-access/sign-in',
      { schema: { tags, body: SignInBody }, config: { access: 'PUBLIC' }, bodyLimit: SIGN_IN_BODY_LIMIT },
      async (request) => {
        try {
          return ok(await signIn(deps, { ...request.body, address: request.ip }));
        } catch (error) {
          // Who failed to sign in, for the audit; a pasted novel as a user name stays out of the log.
          const userName = request.body.userName.slice(0, USER_NAME_KEY_LENGTH);
          request.log.warn(
            { userName, address: request.ip, code: (error as { code?: string }).code },
            'giriş reddedildi',
          );
          throw error;
        }
      },
    );
    app.post(
      '/user-access/sign-out',
      { schema: { tags }, config: { access: 'AUTH_ANY_ROLE' } },
      async (request) => {
        await db.transaction((tx) => signOut(tx, actorOf(request), String(request.headers[AUTH_HEADER])));
        return ok(null);
      },
    );

    app.get('/user-access', { schema: { tags }, config: { access: 'USER_MANAGEMENT' } }, async () =>
      ok(await listUsers(db)),
    );
    app.post(
      '/user-access',
      { schema: { tags, body: CreateUserAccessBody }, config: { access: 'USER_MANAGEMENT' } },
      async (request) => ok(await db.transaction((tx) => createUser(tx, actorOf(request), request.body))),
    );
    app.put(
      '/user-access',
      { schema: { tags, body: UpdateUserAccessBody }, config: { access: 'USER_MANAGEMENT' } },
      async (request) =>
        ok(
          await db.transaction((tx) => updateUser(tx, actorOf(request), request.body, config.adminUserName)),
        ),
    );
    app.get(
      '/user-access/roles',
      { schema: { tags, querystring: OptionalUserAccessIdQuery }, config: { access: 'USER_MANAGEMENT' } },
      async (request) => {
        const { userAccessId } = request.query;
        return ok(
          userAccessId === undefined ? await listRoleEntries(db) : await roleEntriesOfUser(db, userAccessId),
        );
      },
    );
    app.get(
      '/user-access/generate-pass',
      { schema: { tags, querystring: UserAccessIdQuery }, config: { access: 'USER_MANAGEMENT' } },
      async (request) =>
        ok(
          await db.transaction((tx) =>
            regeneratePassword(tx, actorOf(request), request.query.userAccessId, config.adminUserName),
          ),
        ),
    );
    app.get(
      '/user-access/page-view',
      { schema: { tags, querystring: PageViewQuery }, config: { access: 'AUTH_ANY_ROLE' } },
      async (request) => ok(await mayView(db, actorOf(request), request.query.role)),
    );
    // Who is signed in, for the page header; no screen of its own.
    app.get('/user-access/me', { schema: { tags }, config: { access: 'AUTH_ANY_ROLE' } }, async (request) =>
      ok(await currentUser(db, actorOf(request))),
    );
    app.get(
      '/user-access/menus',
      { schema: { tags }, config: { access: 'AUTH_ANY_ROLE' } },
      async (request) => ok(menusFor(actorOf(request))),
    );
    app.get('/dashboard/user-count', { schema: { tags }, config: { access: 'DASHBOARD' } }, async () =>
      ok(await countUsers(db)),
    );
  };
}
