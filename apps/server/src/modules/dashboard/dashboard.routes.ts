import * as operations from '@mandira/contract/operations/dashboard';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { myWork } from './my-work.service.ts';

export function dashboardRoutes({ db, config }: { db: Db; config: Config }) {
  const settings = { expiryWarningDays: config.expiryWarningDays };
  return async (app: FastifyInstance) => {
    route(app, operations.getMyWork, async (req) => ok(await myWork(db, actorOf(req), new Date(), settings)));
  };
}
