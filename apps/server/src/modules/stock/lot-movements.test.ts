import { addDays } from '@mandira/contract/istanbul-time';
import { todayInIstanbul } from '@mandira/contract/lots';
import type { ProductItem } from '@mandira/contract/products';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineIn, lotLedgerBreaks, stockedItem } from '../../../test/builders/stock-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';

/*
 * Goods in, out and counts with lots (docs/domain/stock.md, "Lots"; decision 151): each line of a
 * goods-in names its lot, goods-out takes first-expired-first-out unless told which lot, nothing expired
 * is sold, and every ledger — line, lot, history — agrees.
 */
let t: TestApp;
let staff: string;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.tokenWithRoles(['WAREHOUSE_STAFF']);
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
});
afterAll(() => t.close());

const today = todayInIstanbul();
const inDays = (days: number) => addDays(today, days);
const write = (url: string, payload: object) =>
  t.call(staff, { method: 'PUT', url: `/api/product-item/${url}`, payload });

type LotPieces = { code: string; expiry: string | null; quantity: number };
/** The lots on a line with pieces, FEFO order, straight from the database. */
const lotsOn = (lineId: number) =>
  rowsOf<LotPieces>(
    t.db,
    sql`select t.code, t.expiry_date::text as expiry, ls.quantity from lot_stocks ls join lots t on t.id = ls.lot_id
         where ls.stock_line_id = ${lineId} and ls.quantity > 0 order by t.expiry_date nulls last, t.id`,
  );
const lotIdOf = async (itemId: number, code: string) =>
  (
    await rowsOf<{ id: number }>(
      t.db,
      sql`select id from lots where product_item_id = ${itemId} and code = ${code}`,
    )
  )[0]!.id;

async function receivedItem(lots: { code: string; days: number; quantity: number; type?: string }[]) {
  const item: ProductItem = await stockedItem(t, sales);
  const line = lineIn(item, 'DEPO1').id;
  const response = await write('stock-import-bulk', {
    stockChange: lots.map((lot) => ({
      id: line,
      importedQuantity: lot.quantity,
      stockOperationType: lot.type ?? 'PRODUCTION_INBOUND',
      lot: { code: lot.code, expiryDate: inDays(lot.days) },
    })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return { item, line };
}

describe('goods-in names its lot', () => {
  it('receives three lots of one item on one line, the line the sum of its lots', async () => {
    const { item, line } = await receivedItem([
      { code: 'L-20', days: 20, quantity: 8 },
      { code: 'L-5', days: 5, quantity: 6 },
      { code: 'L-OLD', days: -3, quantity: 2, type: 'RETURN_INBOUND' },
    ]);
    expect(await lotsOn(line)).toEqual([
      { code: 'L-OLD', expiry: inDays(-3), quantity: 2 },
      { code: 'L-5', expiry: inDays(5), quantity: 6 },
      { code: 'L-20', expiry: inDays(20), quantity: 8 },
    ]);
    const now = (await t.call(staff, { method: 'GET', url: `/api/product-item/${item.id}` })).json.data;
    expect(lineIn(now, 'DEPO1').quantity).toBe(16);
    expect(await lotLedgerBreaks(t)).toEqual([]);
  });

  it('refuses an expired lot on its field unless it comes back as a return, writing nothing', async () => {
    const item: ProductItem = await stockedItem(t, sales);
    const response = await write('stock-import', {
      id: lineIn(item, 'DEPO1').id,
      importedQuantity: 3,
      stockOperationType: 'PRODUCTION_INBOUND',
      lot: { code: 'ESKI', expiryDate: inDays(-1) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toMatchObject({ field: 'lot.expiryDate' });
    expect(response.json.error.message).toContain('yalnızca İade Girişi');
    expect(await lotsOn(lineIn(item, 'DEPO1').id)).toEqual([]);
  });

  it('keeps one lot per code of an item: the same code with another expiry date is refused on its field', async () => {
    const { item } = await receivedItem([{ code: 'AYNI', days: 10, quantity: 1 }]);
    const response = await write('stock-import-bulk', {
      stockChange: [
        {
          id: lineIn(item, 'DEPO2').id,
          importedQuantity: 4,
          stockOperationType: 'TRANSFER_INBOUND',
          lot: { code: 'AYNI', expiryDate: inDays(11) },
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toBe('stockChange[0].lot.expiryDate');
    const same = await write('stock-import-bulk', {
      stockChange: [
        {
          id: lineIn(item, 'DEPO2').id,
          importedQuantity: 4,
          stockOperationType: 'TRANSFER_INBOUND',
          lot: { code: 'AYNI', expiryDate: inDays(10) },
        },
      ],
    });
    expect(same.statusCode, same.body).toBe(200);
    const [count] = await rowsOf<{ lots: number }>(
      t.db,
      sql`select count(*)::int as lots from lots where product_item_id = ${item.id} and code = 'AYNI'`,
    );
    expect(count!.lots).toBe(1);
  });

  it('puts a line without a lot into the undated lot, as clients before lots send it', async () => {
    const item: ProductItem = await stockedItem(t, sales);
    const line = lineIn(item, 'DEPO3').id;
    const response = await write('stock-import', {
      id: line,
      importedQuantity: 5,
      stockOperationType: 'PURCHASE_INBOUND',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await lotsOn(line)).toEqual([{ code: '', expiry: null, quantity: 5 }]);
  });
});

describe('goods-out and counts by lot', () => {
  it('takes the earliest-expiring lot first and skips an expired one when selling', async () => {
    const { line } = await receivedItem([
      { code: 'F-20', days: 20, quantity: 8 },
      { code: 'F-5', days: 5, quantity: 6 },
      { code: 'F-OLD', days: -3, quantity: 2, type: 'RETURN_INBOUND' },
    ]);
    const sold = await write('stock-export', {
      id: line,
      exportedQuantity: 9,
      stockOperationType: 'RETAIL_OUTBOUND',
    });
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await lotsOn(line)).toEqual([
      { code: 'F-OLD', expiry: inDays(-3), quantity: 2 },
      { code: 'F-20', expiry: inDays(20), quantity: 5 },
    ]);
    const history = await rowsOf<{ code: string; change: number; after: number }>(
      t.db,
      sql`select t.code, h.quantity_change as change, h.quantity_after_change as after from stock_history h
            join lots t on t.id = h.lot_id where h.stock_line_id = ${line} and h.action = 'RETAIL_OUTBOUND' order by h.id`,
    );
    expect(history).toEqual([
      { code: 'F-5', change: -6, after: 10 },
      { code: 'F-20', change: -3, after: 7 },
    ]);
  });

  it('refuses to sell more than the fresh lots hold, naming the expired lot, and disposes of it', async () => {
    const { item, line } = await receivedItem([
      { code: 'D-3', days: 3, quantity: 1 },
      { code: 'D-OLD', days: -2, quantity: 4, type: 'RETURN_INBOUND' },
    ]);
    const refused = await write('stock-export', {
      id: line,
      exportedQuantity: 3,
      stockOperationType: 'RETAIL_OUTBOUND',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json.error.message).toMatch(/kullanılabilir: 1, istenen: 3; alınamayan partiler: D-OLD/);
    const named = await write('stock-export', {
      id: line,
      exportedQuantity: 1,
      stockOperationType: 'INDIVIDUAL_OUTBOUND',
      lotId: await lotIdOf(item.id, 'D-OLD'),
    });
    expect(named.statusCode).toBe(409);
    expect(named.json.error.message).toContain('D-OLD');
    const disposed = await write('stock-export', {
      id: line,
      exportedQuantity: 4,
      stockOperationType: 'DISPOSAL_OUTBOUND',
      notes: 'SKT geçti',
    });
    expect(disposed.statusCode, disposed.body).toBe(200);
    expect(await lotsOn(line)).toEqual([{ code: 'D-3', expiry: inDays(3), quantity: 1 }]);
  });

  it('counts one lot, and filters the history by lot', async () => {
    const { item, line } = await receivedItem([
      { code: 'C-1', days: 9, quantity: 3 },
      { code: 'C-2', days: 19, quantity: 3 },
    ]);
    const lotId = await lotIdOf(item.id, 'C-2');
    const counted = await t.call(staff, {
      method: 'PUT',
      url: '/api/product-item/stock',
      payload: { id: line, quantity: 7, lotId },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(lineIn(counted.json.data, 'DEPO1').quantity).toBe(10);
    const history = await t.call(staff, {
      method: 'GET',
      url: `/api/product-item/stock-history?lotId=${lotId}&page=1&size=10`,
    });
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history.json.data.entries.map((entry: { quantityChange: number; lot: { code: string } }) => [
        entry.lot.code,
        entry.quantityChange,
      ]),
    ).toEqual([
      ['C-2', 4],
      ['C-2', 3],
    ]);
    const otherItem: ProductItem = await stockedItem(t, sales);
    const wrong = await t.call(staff, {
      method: 'PUT',
      url: '/api/product-item/stock',
      payload: { id: lineIn(otherItem, 'DEPO1').id, quantity: 1, lotId },
    });
    expect(wrong.statusCode).toBe(409);
  });
});

describe('a movement answers its lines as they are after it', () => {
  it('shows the lots of the moved lines as a read afterwards does: new, filled, emptied and untouched ones', async () => {
    const item: ProductItem = await stockedItem(t, sales);
    const [one, two] = [lineIn(item, 'DEPO1').id, lineIn(item, 'DEPO2').id];
    /** The moved lines of an answer beside the same lines read afresh, with every lot. */
    const answerAndRead = async (url: string, payload: object) => {
      const response = await write(url, payload);
      expect(response.statusCode, response.body).toBe(200);
      const [answered] = response.json.data as ProductItem[];
      const read: ProductItem = (await t.call(staff, { method: 'GET', url: `/api/product-item/${item.id}` }))
        .json.data;
      const pick = (shown: ProductItem) =>
        shown.stocks
          .filter((line) => line.id === one || line.id === two)
          .map(({ id, quantity, boxQuantity, lots, lotCount }) => ({
            id,
            quantity,
            boxQuantity,
            lots,
            lotCount,
          }));
      expect(pick(answered!)).toEqual(pick(read));
      expect(answered!.totalStockQuantity).toBe(read.totalStockQuantity);
    };
    await answerAndRead('stock-import-bulk', {
      stockChange: [
        {
          id: one,
          importedQuantity: 5,
          stockOperationType: 'PRODUCTION_INBOUND',
          lot: { code: 'A-10', expiryDate: inDays(10) },
        },
        {
          id: one,
          importedQuantity: 3,
          stockOperationType: 'PRODUCTION_INBOUND',
          lot: { code: 'B-3', expiryDate: inDays(3) },
        },
        {
          id: two,
          importedQuantity: 4,
          stockOperationType: 'PRODUCTION_INBOUND',
          lot: { code: 'A-10', expiryDate: inDays(10) },
        },
        { id: two, importedQuantity: 2, stockOperationType: 'PURCHASE_INBOUND' },
      ],
    });
    await answerAndRead('stock-import-bulk', {
      stockChange: [
        {
          id: one,
          importedQuantity: 1,
          stockOperationType: 'PRODUCTION_INBOUND',
          lot: { code: 'B-3', expiryDate: inDays(3), productionDate: inDays(-2) },
        },
        {
          id: one,
          importedQuantity: 2,
          stockOperationType: 'PRODUCTION_INBOUND',
          lot: { code: 'C-30', expiryDate: inDays(30), productionDate: inDays(-1) },
        },
      ],
    });
    // First-expired-first-out empties B-3 and takes one from A-10; the other line is not moved.
    await answerAndRead('stock-export-bulk', {
      stockChange: [{ id: one, exportedQuantity: 5, stockOperationType: 'RETAIL_OUTBOUND' }],
    });
    // A count that leaves one line as it was and lowers the other.
    await answerAndRead('stock-bulk', {
      updatedStocks: [
        { id: one, quantity: 6 },
        { id: two, quantity: 1 },
      ],
    });
    expect(await lotsOn(one)).toEqual([
      { code: 'A-10', expiry: inDays(10), quantity: 4 },
      { code: 'C-30', expiry: inDays(30), quantity: 2 },
    ]);
    expect(await lotLedgerBreaks(t)).toEqual([]);
  });
});

describe('every ledger agrees after any sequence of movements', () => {
  it('line = Σ lots = Σ history, and per lot = Σ its history, never below zero', async () => {
    const item: ProductItem = await stockedItem(t, sales);
    const lines = ['DEPO1', 'DEPO2'].map((name) => lineIn(item, name).id);
    const codes = ['P-A', 'P-B', 'P-C'];
    const expiries: Record<string, string> = { 'P-A': inDays(4), 'P-B': inDays(30), 'P-C': inDays(-1) };
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('in' as const),
        line: fc.constantFrom(...lines),
        quantity: fc.integer({ min: 0, max: 20 }),
        code: fc.option(fc.constantFrom(...codes), { nil: undefined }),
      }),
      fc.record({
        kind: fc.constant('out' as const),
        line: fc.constantFrom(...lines),
        quantity: fc.integer({ min: 0, max: 25 }),
        type: fc.constantFrom('RETAIL_OUTBOUND', 'TRANSFER_OUTBOUND', 'DISPOSAL_OUTBOUND'),
        code: fc.option(fc.constantFrom(...codes), { nil: undefined }),
      }),
      fc.record({
        kind: fc.constant('count' as const),
        line: fc.constantFrom(...lines),
        quantity: fc.integer({ min: 0, max: 30 }),
        code: fc.option(fc.constantFrom(...codes), { nil: undefined }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const one of steps) {
          const known = one.code
            ? await rowsOf<{ id: number }>(
                t.db,
                sql`select id from lots where product_item_id = ${item.id} and code = ${one.code}`,
              )
            : [];
          const lotId = known[0]?.id;
          let response: { statusCode: number; body: string };
          if (one.kind === 'in') {
            const expired = one.code !== undefined && expiries[one.code]! < today;
            response = await write('stock-import', {
              id: one.line,
              importedQuantity: one.quantity,
              stockOperationType: expired ? 'RETURN_INBOUND' : 'PRODUCTION_INBOUND',
              lot: one.code ? { code: one.code, expiryDate: expiries[one.code] } : undefined,
            });
          } else if (one.kind === 'out') {
            response = await write('stock-export', {
              id: one.line,
              exportedQuantity: one.quantity,
              stockOperationType: one.type,
              lotId: one.code ? lotId : undefined,
            });
          } else {
            response = await t.call(staff, {
              method: 'PUT',
              url: '/api/product-item/stock',
              payload: { id: one.line, quantity: one.quantity, lotId: one.code ? lotId : undefined },
            });
          }
          // Refusals are fine (too few pieces, an expired or unknown lot); a 500 never is.
          expect([200, 404, 409], response.body).toContain(response.statusCode);
        }
        expect(await lotLedgerBreaks(t)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});
