import { ScanAnswer, ScanQuery } from '@mandira/contract/scan';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { answers } from '../../http/answers.ts';
import { ok } from '../../http/envelope.ts';
import { resolveScan } from './scan.service.ts';

/** Every screen where goods are handled scans; so may an integrator holding one of their privileges. */
export const SCAN_ACCESS = [
  'GOODS_IN_OUT',
  'STOCK_MANAGEMENT',
  'WAREHOUSE_OPERATIONS',
  'SHIPMENT_LOAD_ACCEPTANCE',
  'SHIPMENT_MANAGEMENT',
] as const;

export function scanRoutes({ db }: { db: Db }) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/scan',
      {
        schema: {
          tags: ['Barkod okuma'],
          summary: 'Okutulan bir kodu çözer: ürünü ve kodun taşıdığı parti, tarih, adet ve ağırlığı verir',
          description:
            'A bad check digit or date is a 400 on `code` naming the AI; a code no item has is answered ' +
            'with `item: null` and what the code carries (docs/domain/scanning.md).',
          operationId: 'resolveScan',
          querystring: ScanQuery,
          response: answers(ScanAnswer),
        },
        config: { access: SCAN_ACCESS },
      },
      async (request) => ok(await resolveScan(db, request.query.code)),
    );
  };
}
