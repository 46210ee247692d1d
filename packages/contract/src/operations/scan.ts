import { operation } from '../operation.ts';
import { ScanAnswer, ScanQuery } from '../scan.ts';

/** Every screen where goods are handled scans; so may an integrator holding one of their privileges. */
const SCAN_ACCESS = [
  'GOODS_IN_OUT',
  'STOCK_MANAGEMENT',
  'WAREHOUSE_OPERATIONS',
  'SHIPMENT_LOAD_ACCEPTANCE',
  'SHIPMENT_MANAGEMENT',
] as const;

export const resolveScan = operation({
  operationId: 'resolveScan',
  method: 'GET',
  path: '/scan',
  tags: ['Barkod okuma'],
  summary: 'Okutulan bir kodu çözer: ürünü ve kodun taşıdığı parti, tarih, adet ve ağırlığı verir',
  description:
    'A bad check digit or date is a 400 on `code` naming the AI; a code no item has is answered ' +
    'with `item: null` and what the code carries (docs/domain/scanning.md).',
  access: SCAN_ACCESS,
  query: ScanQuery,
  answer: ScanAnswer,
});
