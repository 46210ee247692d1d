import * as operations from '@mandira/contract/operations/audit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { listAuditEntries } from './audit.service.ts';
import { verifyAuditChainOnce } from './audit-chain.ts';
import { searchRecords } from './audit-names.ts';

/** The audit trail is read only: no route writes, changes or deletes an entry (decision 0126). */
export function auditRoutes({ db }: { db: Db }) {
  return async (app: FastifyInstance) => {
    route(app, operations.listAuditEntries, async (req) => ok(await listAuditEntries(db, req.query)));
    route(app, operations.searchAuditRecords, async (req) => ok(await searchRecords(db, req.query)));
    route(app, operations.verifyAuditChain, async () => ok(await verifyAuditChainOnce(db)));
  };
}
