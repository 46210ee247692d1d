import * as operations from '@mandira/contract/operations/system';
import { HealthDown } from '@mandira/contract/system';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { ERROR_ANSWERS } from '../../http/answers.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_SECONDS } from '../../http/database-unavailable.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/operation-route.ts';
import { PRODUCT } from '../../product.ts';

/** A health check that waits longer than this for the database calls it down. */
const PING_TIMEOUT_MS = 3_000;

async function databaseAnswers(database: Pick<Database, 'ping'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  const answered = database.ping().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function systemRoutes(settings: Pick<Config, 'mapTileUrl'>, database: Pick<Database, 'ping'>) {
  return async (app: FastifyInstance) => {
    route(app, operations.getSystemInfo, async () =>
      ok({ name: PRODUCT.name, version: PRODUCT.version, mapTileUrl: settings.mapTileUrl }),
    );
    /**
     * Health and readiness ask the database (decision 50): DOWN is a 503 in the error envelope, with
     * the states beside it for a load balancer or a monitor to read.
     */
    const health = async (_request: FastifyRequest, reply: FastifyReply) => {
      if (await databaseAnswers(database)) return ok({ status: 'UP' as const, database: 'UP' as const });
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({
          success: false,
          error: { message: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' },
          data: { status: 'DOWN', database: 'DOWN' },
        });
    };
    const down = {
      answers: {
        503: { description: ERROR_ANSWERS[503], content: { 'application/json': { schema: HealthDown } } },
      },
    };
    route(app, operations.getHealth, health, down);
    route(app, operations.getReadiness, health, down);
    // Liveness: the process answers; restarting it would not bring the database back.
    route(app, operations.getLiveness, async () => ok({ status: 'UP' as const }));
  };
}
