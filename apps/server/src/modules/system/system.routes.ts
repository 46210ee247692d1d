import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { ok } from '../../http/envelope.ts';
import { PRODUCT } from '../../product.ts';

export function systemRoutes(config: Pick<Config, 'mapTileUrl'>) {
  return async (app: FastifyInstance) => {
    app.get('/actuator/info', { schema: { tags: ['Sistem'] }, config: { access: 'PUBLIC' } }, async () =>
      ok({ name: PRODUCT.name, version: PRODUCT.version, mapTileUrl: config.mapTileUrl }),
    );
    app.get('/actuator/health', { schema: { tags: ['Sistem'] }, config: { access: 'PUBLIC' } }, async () =>
      ok({ status: 'UP' }),
    );
  };
}
