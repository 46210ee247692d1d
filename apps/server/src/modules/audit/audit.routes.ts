import { AuditPage, AuditQuery } from '@mandira/contract/audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { ok } from '../../http/envelope.ts';
import { listAuditEntries } from './audit.service.ts';

/** The audit trail is read only: no route writes, changes or deletes an entry (decision 0126). */
export function auditRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/audit',
      {
        schema: {
          tags: ['İşlem geçmişi'],
          summary: 'İşlem geçmişini listeler',
          description:
            "Newest first, one page (default page 1 of 50). entityType=ORDER with entityId also lists the order's items, loads and payments.",
          operationId: 'listAuditEntries',
          querystring: AuditQuery,
          response: answers(AuditPage),
        },
        config: { access: 'AUDIT_VIEW' },
      },
      async (req) => ok(await listAuditEntries(db, req.query)),
    );
  };
}
