import { LotIdParams, LotPage, LotQuery, LotTrace } from '../lots-answers.ts';
import { operation } from '../operation.ts';

// Lots are listed under the stock's section, as the 'Parti Takibi' screen is a stock screen.
const tags = ['Stok'];
/**
 * Who reads lots and their traces: the 'Parti Takibi' screen's privileges (decision 153) — the warehouse
 * that keeps the stock (STOCK_MANAGEMENT, GOODS_IN_OUT) and the back office that runs the shipments and
 * calls the buyers in a recall (SHIPMENT_MANAGEMENT).
 */
const access = ['STOCK_MANAGEMENT', 'GOODS_IN_OUT', 'SHIPMENT_MANAGEMENT'] as const;

export const listLots = operation({
  operationId: 'listLots',
  method: 'GET',
  path: '/lots',
  tags,
  summary: 'Partileri son kullanma tarihine göre listeler',
  description:
    'FEFO order: earliest expiry first, the undated lots last; paged (`page` from 1, `size` up to 200, 50 by default). ' +
    '`expiringWithinDays` and `expired` take only lots with pieces on hand; `q` searches the lot code, the item name and its stock code.',
  access,
  query: LotQuery,
  answer: LotPage,
});

export const traceLot = operation({
  operationId: 'traceLot',
  method: 'GET',
  path: '/lots/:id/trace',
  tags,
  summary: 'Partinin izini verir: eldeki stok, yüklemeler, alıcılar ve toplamlar',
  access,
  params: LotIdParams,
  answer: LotTrace,
  errors: [404],
});

export const downloadLotRecallList = operation({
  operationId: 'downloadLotRecallList',
  method: 'GET',
  path: '/lots/:id/trace.pdf',
  tags,
  summary: 'Partinin geri çağırma listesini PDF olarak verir',
  access,
  params: LotIdParams,
  answer: {
    kind: 'file',
    mediaType: 'application/pdf',
    description:
      "The lot's recall list: its totals, every buyer and delivery point it was loaded for, its stock.",
  },
  errors: [404],
});
