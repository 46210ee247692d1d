import { setTimeout } from 'node:timers/promises';
import * as operations from '@mandira/contract/operations/access';
import type { FastifyInstance } from 'fastify';
import { AUTH_HEADER, actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { ThrottledError } from '../../http/errors.ts';
import { SIGN_IN_BODY_LIMIT } from '../../http/json-body.ts';
import { route } from '../../http/operation-route.ts';
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
  return async (app: FastifyInstance) => {
    forgetSessionsAfterWrites(app, deps.sessions);

    route(
      app,
      operations.signInUser,
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
      { bodyLimit: SIGN_IN_BODY_LIMIT },
    );
    route(app, operations.signOutUser, async (request) => {
      await db.transaction((tx) => signOut(tx, actorOf(request), String(request.headers[AUTH_HEADER])));
      return ok(null);
    });

    route(app, operations.listUsers, async () => ok(await listUsers(db)));
    route(app, operations.createUser, async (request) =>
      ok(await db.transaction((tx) => createUser(tx, actorOf(request), request.body))),
    );
    route(app, operations.updateUser, async (request) =>
      ok(await db.transaction((tx) => updateUser(tx, actorOf(request), request.body, config.adminUserName))),
    );
    route(app, operations.listUserRoleEntries, async (request) => {
      const { userAccessId } = request.query;
      return ok(
        userAccessId === undefined ? await listRoleEntries(db) : await roleEntriesOfUser(db, userAccessId),
      );
    });
    route(app, operations.generateUserPassword, async (request) =>
      ok(
        await db.transaction((tx) =>
          regeneratePassword(tx, actorOf(request), request.query.userAccessId, config.adminUserName),
        ),
      ),
    );
    route(app, operations.checkUserPageView, async (request) =>
      ok(await mayView(db, actorOf(request), request.query.role)),
    );
    // Who is signed in, for the page header; no screen of its own.
    route(app, operations.getCurrentUser, async (request) => ok(await currentUser(db, actorOf(request))));
    route(app, operations.listUserMenus, async (request) => ok(menusFor(actorOf(request))));
    route(app, operations.countUsers, async () => ok(await countUsers(db)));
  };
}
