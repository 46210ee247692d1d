import { AuditPage, AuditQuery, AuditRecordList, AuditRecordQuery } from '@mandira/contract/audit';
import { AuditChainCheck } from '@mandira/contract/audit-chain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { ok } from '../../http/envelope.ts';
import { listAuditEntries } from './audit.service.ts';
import { verifyAuditChainOnce } from './audit-chain.ts';
import { searchRecords } from './audit-names.ts';

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
    app.get(
      '/audit/records',
      {
        schema: {
          tags: ['İşlem geçmişi'],
          summary: 'İşlem geçmişi filtresi için kayıtları adıyla arar',
          description:
            "Records of one kind whose name or code contains `q` (Turkish case-insensitive), at most 20, by name; with `id`, that one record. The filters pick a user (entityType=USER) or a record by name this way, so an auditor needs no other screen's privilege.",
          operationId: 'searchAuditRecords',
          querystring: AuditRecordQuery,
          response: answers(AuditRecordList),
        },
        config: { access: 'AUDIT_VIEW' },
      },
      async (req) => ok(await searchRecords(db, req.query)),
    );
    app.get(
      '/audit/chain',
      {
        schema: {
          tags: ['İşlem geçmişi'],
          summary: 'İşlem geçmişinin bütünlüğünü doğrular',
          description:
            "Walks the hash chain of the whole trail (docs/domain/audit.md) and names the first entry that was changed, deleted or slipped in. A request while one runs gets that run's answer.",
          operationId: 'verifyAuditChain',
          response: answers(AuditChainCheck),
        },
        config: { access: 'AUDIT_VIEW' },
      },
      async () => ok(await verifyAuditChainOnce(db)),
    );
  };
}
