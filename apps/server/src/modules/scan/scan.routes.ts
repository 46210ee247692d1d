import * as operations from '@mandira/contract/operations/scan';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { resolveScan } from './scan.service.ts';

export function scanRoutes({ db }: { db: Db }) {
  return async (app: FastifyInstance) => {
    route(app, operations.resolveScan, async (request) => ok(await resolveScan(db, request.query.code)));
  };
}
