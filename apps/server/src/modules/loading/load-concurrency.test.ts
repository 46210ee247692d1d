import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerHolds,
  type LoadWorld,
  load,
  loadWorld,
  onHand,
  orderInWarehouse,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

/**
 * Two warehouse clerks at once (decision 85), on PostgreSQL with a connection each: the embedded database
 * runs one statement at a time, so nothing there can interleave.
 */
describe.skipIf(!serverUrl)('two clerks loading at once (PostgreSQL)', () => {
  let w: LoadWorld;
  let secondClerk: string;
  beforeAll(async () => {
    w = await loadWorld();
    secondClerk = await w.t.tokenWithRoles(['WAREHOUSE_STAFF']);
  });
  afterAll(() => w.close());

  it('gives the last pieces of a line to one of two orders; the other is refused and nothing goes negative', async () => {
    for (let round = 0; round < 5; round++) {
      // 6 pieces in Depo-1 and 6 in Depo-2: both orders are promised, but Depo-1 holds one order's load.
      const item = await stockedItem(w, { DEPO1: 6, DEPO2: 6 });
      const cheese = await product(w, [{ itemId: item, quantity: 1 }]);
      const shipment = await shipmentIn(w);
      const first = await orderInWarehouse(w, cheese, 1);
      const second = await orderInWarehouse(w, cheese, 1);
      const rows = [{ warehouse: 'DEPO1', quantity: 6 }];
      const answers = await Promise.all([
        load(w, first.order, first.itemId, shipment.id, rows),
        load(w, second.order, second.itemId, shipment.id, rows, secondClerk),
      ]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes, answers.map((answer) => answer.body).join('\n')).toEqual([200, 409]);
      expect(answers.find((answer) => answer.statusCode === 409)!.json.error.code).toBe('INSUFFICIENT_STOCK');
      expect(await onHand(w, item, 'DEPO1')).toBe(0);
      expect(await onHand(w, item, 'DEPO2')).toBe(6);
    }
    await expectLedgerHolds(w);
  }, 120_000);

  it('loads the rest of one item once when two clerks send it together', async () => {
    const item = await stockedItem(w, { DEPO1: 30 });
    const cheese = await product(w, [{ itemId: item, quantity: 1 }]);
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, cheese, 2);
    const rows = [{ warehouse: 'DEPO1', quantity: 12 }];
    const answers = await Promise.all([
      load(w, order, itemId, shipment.id, rows),
      load(w, order, itemId, shipment.id, rows, secondClerk),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await onHand(w, item, 'DEPO1')).toBe(18);
    await expectLedgerHolds(w);
  }, 60_000);
});
