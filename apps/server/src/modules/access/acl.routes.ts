import { CreateAclRoleBody, UpdateAclRoleBody } from '@mandira/contract/access';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { createAclRole, listAclRoles, listPrivileges, updateAclRole } from './role.service.ts';
import { forgetSessionsAfterWrites, type SessionCache } from './session-cache.ts';

export function aclRoutes({ db, sessions }: { db: Db; sessions?: SessionCache }) {
  return async (instance: FastifyInstance) => {
    forgetSessionsAfterWrites(instance, sessions);
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const tags = ['Roller ve yetkiler'];
    const config = { access: 'USER_MANAGEMENT' } as const;

    app.get('/acl/privileges', { schema: { tags }, config }, async () => ok(listPrivileges()));
    app.get('/acl/roles', { schema: { tags }, config }, async () => ok(await listAclRoles(db)));
    app.post('/acl/roles', { schema: { tags, body: CreateAclRoleBody }, config }, async (request) =>
      ok(await db.transaction((tx) => createAclRole(tx, actorOf(request), request.body))),
    );
    app.put('/acl/roles', { schema: { tags, body: UpdateAclRoleBody }, config }, async (request) =>
      ok(await db.transaction((tx) => updateAclRole(tx, actorOf(request), request.body))),
    );
  };
}
