import { AclRole, CreateAclRoleBody, Privilege, UpdateAclRoleBody } from '@mandira/contract/access';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
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

    app.get(
      '/acl/privileges',
      {
        schema: {
          tags,
          summary: 'Yetki kataloğunu listeler',
          operationId: 'listAclPrivileges',
          response: answers(z.array(Privilege).describe('In catalogue order.')),
        },
        config,
      },
      async () => ok(listPrivileges()),
    );
    app.get(
      '/acl/roles',
      {
        schema: {
          tags,
          summary: 'Rolleri yetkileriyle listeler',
          operationId: 'listAclRoles',
          response: answers(z.array(AclRole).describe('Every role, by id.')),
        },
        config,
      },
      async () => ok(await listAclRoles(db)),
    );
    app.post(
      '/acl/roles',
      {
        schema: {
          tags,
          summary: 'Yeni rol ekler',
          operationId: 'createAclRole',
          description: '409: the key is taken. 403: a privilege you do not hold yourself.',
          body: CreateAclRoleBody,
          response: answers(AclRole, 409),
        },
        config,
      },
      async (request) => ok(await db.transaction((tx) => createAclRole(tx, actorOf(request), request.body))),
    );
    app.put(
      '/acl/roles',
      {
        schema: {
          tags,
          summary: 'Rolün adını ve yetkilerini günceller',
          operationId: 'updateAclRole',
          description:
            "409: the key is taken, the role is SUPER_ADMIN, or a built-in role's key would change. " +
            '403: a privilege you do not hold yourself.',
          body: UpdateAclRoleBody,
          response: answers(AclRole, 404, 409),
        },
        config,
      },
      async (request) => ok(await db.transaction((tx) => updateAclRole(tx, actorOf(request), request.body))),
    );
  };
}
