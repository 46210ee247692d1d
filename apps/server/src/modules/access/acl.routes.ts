import * as operations from '@mandira/contract/operations/acl';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { createAclRole, listAclRoles, listPrivileges, updateAclRole } from './role.service.ts';
import { forgetSessionsAfterWrites, type SessionCache } from './session-cache.ts';

export function aclRoutes({ db, sessions }: { db: Db; sessions?: SessionCache }) {
  return async (app: FastifyInstance) => {
    forgetSessionsAfterWrites(app, sessions);
    route(app, operations.listAclPrivileges, async () => ok(listPrivileges()));
    route(app, operations.listAclRoles, async () => ok(await listAclRoles(db)));
    route(app, operations.createAclRole, async (request) =>
      ok(await db.transaction((tx) => createAclRole(tx, actorOf(request), request.body))),
    );
    route(app, operations.updateAclRole, async (request) =>
      ok(await db.transaction((tx) => updateAclRole(tx, actorOf(request), request.body))),
    );
  };
}
