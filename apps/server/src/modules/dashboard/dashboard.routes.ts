import { MyWork } from '@mandira/contract/my-work';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { actorOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { myWork } from './my-work.service.ts';

export function dashboardRoutes({ db, config }: { db: Db; config: Config }) {
  const settings = { expiryWarningDays: config.expiryWarningDays };
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/dashboard/my-work',
      {
        schema: {
          tags: ['Ana sayfa'],
          summary: 'Kullanıcının ekranlarında bekleyen işler',
          description:
            'One card per screen the signed-in user may open (docs/domain/my-work.md): the label, the count ' +
            'of work waiting there (zero included) and the path that opens the screen filtered to it.',
          operationId: 'getMyWork',
          response: answers(MyWork),
        },
        // Every signed-in user has a home screen; the cards are filtered by the screens they open.
        config: { access: 'AUTH_ANY_ROLE' },
      },
      async (req) => ok(await myWork(db, actorOf(req), new Date(), settings)),
    );
  };
}
