import type { ProductItem } from '@mandira/contract/products';
import type { StockAction } from '@mandira/contract/stock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows } from '../../../test/builders/product-test-data.ts';
import { lineIn, lineLedger, stockedItem } from '../../../test/builders/stock-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';
import { applyStockChanges } from './stock-movement.service.ts';

let t: TestApp;
let staff: string;
let stockAdmin: string;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.tokenWithRoles(['WAREHOUSE_STAFF']);
  stockAdmin = await t.tokenWithRoles(['WAREHOUSE_ADMIN']);
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
});
afterAll(() => t.close());

const write = (url: string, payload: object, token = staff, method: 'POST' | 'PUT' = 'PUT') =>
  t.call(token, { method, url: `/api/product-item/${url}`, payload });
const itemNow = async (id: number): Promise<ProductItem> =>
  (await t.call(staff, { method: 'GET', url: `/api/product-item/${id}` })).json.data;

describe('stock lines', () => {
  it('gives every new item a line of 0 pieces in each of DEPO1…DEPO4', async () => {
    const item = await stockedItem(t, sales);
    expect(item.stocks.map((line) => [line.wareHouse, line.quantity])).toEqual([
      [{ name: 'DEPO1', label: 'Depo-1' }, 0],
      [{ name: 'DEPO2', label: 'Depo-2' }, 0],
      [{ name: 'DEPO3', label: 'Depo-3' }, 0],
      [{ name: 'DEPO4', label: 'Depo-4' }, 0],
    ]);
    expect(item.stocks[0]).toMatchObject({
      warehouseId: 1,
      boxQuantity: 0,
      packagingType: item.packagingType,
      packagingUnitType: item.packagingUnitType,
      packagingUnitTypeAmount: item.packagingUnitTypeAmount,
    });
  });
});

describe('goods-in (stock-import-bulk)', () => {
  it('adds the pieces to two warehouses, writes one history row per line and answers the moved item', async () => {
    const item = await stockedItem(t, sales, { quantityInBox: 6 });
    const response = await write('stock-import-bulk', {
      stockChange: [
        {
          id: lineIn(item, 'DEPO1').id,
          importedQuantity: 40,
          stockOperationType: 'PRODUCTION_INBOUND',
          notes: 'Sabah üretimi',
        },
        { id: lineIn(item, 'DEPO2').id, importedQuantity: 25, stockOperationType: 'PURCHASE_INBOUND' },
      ],
    });
    expect(response.statusCode).toBe(200);
    const listed = (response.json.data as ProductItem[]).find((row) => row.id === item.id)!;
    expect(listed.totalStockQuantity).toBe(65);
    expect(listed.boxQuantity).toBe(10);
    expect(lineIn(listed, 'DEPO1')).toMatchObject({ quantity: 40, boxQuantity: 6 });
    expect(lineIn(listed, 'DEPO2').quantity).toBe(25);
    expect(listed.frozen).toBe(true);

    const history = await t.call(staff, {
      method: 'GET',
      url: `/api/product-item/stock-history?productItemId=${item.id}`,
    });
    expect(history.json.data).toHaveLength(2);
    expect(history.json.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: { name: 'PRODUCTION_INBOUND', label: 'Üretimden Mal Girişi' },
          quantityChange: 40,
          quantityAfterChange: 40,
          notes: 'Sabah üretimi',
          wareHouse: { name: 'DEPO1', label: 'Depo-1' },
        }),
        expect.objectContaining({
          action: expect.objectContaining({ name: 'PURCHASE_INBOUND' }),
          quantityChange: 25,
        }),
      ]),
    );
  });

  it('answers the moved item with the lines of the warehouse filter sent with the call', async () => {
    const item = await stockedItem(t, sales, { packagingUnitType: 'KILOGRAM', packagingUnitTypeAmount: 17 });
    const response = await write(`stock-import-bulk?packagingGroup=17%20KILOGRAM&warehouseName=DEPO3`, {
      stockChange: [
        { id: lineIn(item, 'DEPO3').id, importedQuantity: 5, stockOperationType: 'RETURN_INBOUND' },
      ],
    });
    expect(response.json.data.map((row: ProductItem) => row.id)).toEqual([item.id]);
    expect(
      response.json.data[0].stocks.map((line: { wareHouse: { name: string } }) => line.wareHouse.name),
    ).toEqual(['DEPO3']);
  });

  it('accepts POST as well as PUT', async () => {
    const item = await stockedItem(t, sales);
    const response = await write(
      'stock-import-bulk',
      {
        stockChange: [
          { id: lineIn(item, 'DEPO1').id, importedQuantity: 3, stockOperationType: 'RETURN_INBOUND' },
        ],
      },
      staff,
      'POST',
    );
    expect(response.statusCode).toBe(200);
    expect(lineIn(await itemNow(item.id), 'DEPO1').quantity).toBe(3);
  });

  it('counts a missing quantity as 0 and writes no history for an unchanged line', async () => {
    const item = await stockedItem(t, sales);
    const before = await countRows(t, 'stock_history');
    const response = await write('stock-import-bulk', {
      stockChange: [{ id: lineIn(item, 'DEPO1').id, stockOperationType: 'PRODUCTION_INBOUND' }],
    });
    expect(response.statusCode).toBe(200);
    expect(await countRows(t, 'stock_history')).toBe(before);
  });

  it.each([
    ['an outbound type', { stockOperationType: 'RETAIL_OUTBOUND' }, /giriş tipi/],
    ['a count as type', { stockOperationType: 'STOCK_COUNT' }, /giriş tipi/],
    ['no type', { stockOperationType: undefined }, /Lütfen işlem tipini seçiniz\./],
    ['a negative quantity', { importedQuantity: -5 }, /0 veya daha büyük/],
    ['a fraction', { importedQuantity: 1.5 }, /tam sayı/],
    ['text for a quantity', { importedQuantity: 'on' }, /Giriş miktarı \(2\. satır\) sayı olmalıdır/],
  ])('refuses %s with 400 and writes nothing', async (_name, override, message) => {
    const item = await stockedItem(t, sales);
    const before = await countRows(t, 'stock_history');
    const response = await write('stock-import-bulk', {
      stockChange: [
        { id: lineIn(item, 'DEPO2').id, importedQuantity: 4, stockOperationType: 'PRODUCTION_INBOUND' },
        {
          id: lineIn(item, 'DEPO1').id,
          importedQuantity: 10,
          stockOperationType: 'PRODUCTION_INBOUND',
          ...override,
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.code).toBe('VALIDATION');
    expect(response.json.error.message).toMatch(message);
    expect(response.json.error.message).toMatch(/\(2\. satır\)/);
    expect(response.json.error.field).toMatch(/^stockChange\[1\]\./);
    expect(await countRows(t, 'stock_history')).toBe(before);
    expect((await itemNow(item.id)).totalStockQuantity).toBe(0);
  });

  it('names a missing line id as required, not as a wrong type', async () => {
    const response = await write('stock-import-bulk', {
      stockChange: [{ importedQuantity: 1, stockOperationType: 'PRODUCTION_INBOUND' }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error).toEqual({
      message: 'Kayıt numarası (1. satır) zorunludur.',
      code: 'VALIDATION',
      field: 'stockChange[0].id',
    });
  });

  it('refuses the same line twice in one request', async () => {
    const item = await stockedItem(t, sales);
    const line = {
      id: lineIn(item, 'DEPO1').id,
      importedQuantity: 1,
      stockOperationType: 'PRODUCTION_INBOUND',
    };
    const response = await write('stock-import-bulk', { stockChange: [line, line] });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toMatch(/birden fazla kez/);
  });

  it('refuses an empty change list and an unknown line, writing nothing', async () => {
    expect((await write('stock-import-bulk', { stockChange: [] })).statusCode).toBe(400);
    const before = await countRows(t, 'stock_history');
    const item = await stockedItem(t, sales);
    const response = await write('stock-import-bulk', {
      stockChange: [
        { id: lineIn(item, 'DEPO1').id, importedQuantity: 1, stockOperationType: 'PRODUCTION_INBOUND' },
        { id: 99_999_999, importedQuantity: 1, stockOperationType: 'PRODUCTION_INBOUND' },
      ],
    });
    expect(response.statusCode).toBe(404);
    expect(response.json.error.message).toBe('Stok satırı bulunamadı: 99999999.');
    expect(await countRows(t, 'stock_history')).toBe(before);
  });
});

describe('the list a movement answers with (issue 16)', () => {
  let admin: string;
  beforeAll(async () => {
    admin = await t.adminToken();
  });
  const movements = (lineId: number) =>
    [
      [
        'stock-import-bulk',
        { stockChange: [{ id: lineId, importedQuantity: 7, stockOperationType: 'RETURN_INBOUND' }] },
      ],
      [
        'stock-export-bulk',
        { stockChange: [{ id: lineId, exportedQuantity: 2, stockOperationType: 'RETAIL_OUTBOUND' }] },
      ],
      ['stock-bulk', { updatedStocks: [{ id: lineId, quantity: 11 }] }],
    ] as const;

  it.each([
    ['warehouseName=%00', 'warehouseName'],
    ['packagingGroup=a%00b', 'packagingGroup'],
    ['warehouseStockType=FOODS%00', 'warehouseStockType'],
  ])('refuses the filter %s with 400 before any movement, by POST and by PUT', async (query, field) => {
    const item = await stockedItem(t, sales);
    await write('stock-import-bulk', {
      stockChange: [
        { id: lineIn(item, 'DEPO1').id, importedQuantity: 5, stockOperationType: 'RETURN_INBOUND' },
      ],
    });
    const before = await countRows(t, 'stock_history');
    for (const [url, body] of movements(lineIn(item, 'DEPO1').id)) {
      for (const method of ['POST', 'PUT'] as const) {
        const response = await write(`${url}?${query}`, body, admin, method);
        expect(response.statusCode).toBe(400);
        expect(response.json.error).toMatchObject({ code: 'VALIDATION', field });
      }
    }
    expect(await countRows(t, 'stock_history')).toBe(before);
    expect(lineIn(await itemNow(item.id), 'DEPO1').quantity).toBe(5);
  });

  it.each(['', '?warehouseName=DEPO2', '?warehouseName=Depo-1&warehouseStockType=FOODS'])(
    'answers each movement with the moved item as a fresh read of the list gives it (filters %s)',
    async (query) => {
      const item = await stockedItem(t, sales, { quantityInBox: 4 });
      for (const [url, body] of movements(lineIn(item, 'DEPO1').id)) {
        const response = await write(`${url}${query}`, body, admin);
        expect(response.statusCode).toBe(200);
        const fresh = await t.call(admin, { method: 'GET', url: `/api/product-item${query}` });
        // Decision 117: the moved items only; the screen reads its page again.
        expect(response.json.data).toEqual(
          (fresh.json.data as ProductItem[]).filter((listed) => listed.id === item.id),
        );
      }
    },
  );
});

describe('goods-out (stock-export-bulk)', () => {
  it('subtracts the pieces and records the outbound type', async () => {
    const item = await stockedItem(t, sales);
    const line = lineIn(item, 'DEPO1');
    await write('stock-import', {
      id: line.id,
      importedQuantity: 30,
      stockOperationType: 'PRODUCTION_INBOUND',
    });
    const response = await write('stock-export-bulk', {
      stockChange: [
        { id: line.id, exportedQuantity: 12, stockOperationType: 'RETAIL_OUTBOUND', notes: 'Mağaza' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(lineIn(await itemNow(item.id), 'DEPO1').quantity).toBe(18);
    expect(await lineLedger(t, line.id)).toEqual({ quantity: 18, historySum: 18 });
  });

  it('refuses a goods-out beyond a line with 409 naming product, warehouse, on hand and requested, and changes nothing', async () => {
    const item = await stockedItem(t, sales, { name: 'Kaşar Peyniri 400 g' });
    const depo1 = lineIn(item, 'DEPO1');
    const depo2 = lineIn(item, 'DEPO2');
    await write('stock-import-bulk', {
      stockChange: [
        { id: depo1.id, importedQuantity: 10, stockOperationType: 'PRODUCTION_INBOUND' },
        { id: depo2.id, importedQuantity: 3, stockOperationType: 'PRODUCTION_INBOUND' },
      ],
    });
    const before = await countRows(t, 'stock_history');
    const response = await write('stock-export-bulk', {
      stockChange: [
        { id: depo1.id, exportedQuantity: 4, stockOperationType: 'RETAIL_OUTBOUND' },
        { id: depo2.id, exportedQuantity: 5, stockOperationType: 'RETAIL_OUTBOUND' },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json.error.code).toBe('INSUFFICIENT_STOCK');
    expect(response.json.error.message).toBe(
      "'Kaşar Peyniri 400 g' ürünü için Depo-2 deposunda yeterli stok yok (eldeki: 3, istenen: 5). Hiçbir stok değiştirilmedi.",
    );
    const after = await itemNow(item.id);
    expect(lineIn(after, 'DEPO1').quantity).toBe(10);
    expect(lineIn(after, 'DEPO2').quantity).toBe(3);
    expect(await countRows(t, 'stock_history')).toBe(before);
  });

  it('refuses an inbound type on an export with 400', async () => {
    const item = await stockedItem(t, sales);
    const response = await write('stock-export', {
      id: lineIn(item, 'DEPO1').id,
      exportedQuantity: 1,
      stockOperationType: 'PRODUCTION_INBOUND',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toMatch(/çıkış tipi/);
  });
});

describe('single-line calls', () => {
  it('stock-import and stock-export answer the item with its new line', async () => {
    const item = await stockedItem(t, sales);
    const line = lineIn(item, 'DEPO4');
    const imported = await write('stock-import', {
      id: line.id,
      importedQuantity: 9,
      stockOperationType: 'TRANSFER_INBOUND',
    });
    expect(imported.statusCode).toBe(200);
    expect(lineIn(imported.json.data, 'DEPO4').quantity).toBe(9);
    const exported = await write('stock-export', {
      id: line.id,
      exportedQuantity: 2,
      stockOperationType: 'TRANSFER_OUTBOUND',
    });
    expect(lineIn(exported.json.data, 'DEPO4').quantity).toBe(7);
    const refused = await write('stock-export', {
      id: line.id,
      exportedQuantity: 8,
      stockOperationType: 'TRANSFER_OUTBOUND',
    });
    expect(refused.statusCode).toBe(409);
  });

  it('/product-item/stock sets one line to the counted quantity', async () => {
    const item = await stockedItem(t, sales);
    const line = lineIn(item, 'DEPO3');
    const response = await write('stock', { id: line.id, quantity: 14, notes: 'Ay sonu sayımı' }, stockAdmin);
    expect(response.statusCode).toBe(200);
    expect(lineIn(response.json.data, 'DEPO3').quantity).toBe(14);
  });
});

describe('stock count (stock-bulk)', () => {
  it('overwrites each line and records the difference as a count correction', async () => {
    const item = await stockedItem(t, sales);
    const depo1 = lineIn(item, 'DEPO1');
    const depo2 = lineIn(item, 'DEPO2');
    await write('stock-import', {
      id: depo1.id,
      importedQuantity: 50,
      stockOperationType: 'PRODUCTION_INBOUND',
    });
    const response = await write(
      'stock-bulk',
      {
        updatedStocks: [
          { id: depo1.id, quantity: 47, notes: 'Sayım' },
          { id: depo2.id, quantity: 8 },
        ],
      },
      stockAdmin,
    );
    expect(response.statusCode).toBe(200);
    expect(await lineLedger(t, depo1.id)).toEqual({ quantity: 47, historySum: 47 });
    expect(await lineLedger(t, depo2.id)).toEqual({ quantity: 8, historySum: 8 });
    const history = await t.call(stockAdmin, {
      method: 'GET',
      url: `/api/product-item/stock-history?productItemId=${item.id}&action=STOCK_COUNT`,
    });
    expect(history.json.data.map((row: { quantityChange: number }) => row.quantityChange).sort()).toEqual([
      -3, 8,
    ]);
    expect(history.json.data[0].action).toEqual({ name: 'STOCK_COUNT', label: 'Sayım Düzeltmesi' });
  });

  it('refuses a negative count with 400', async () => {
    const item = await stockedItem(t, sales);
    const response = await write(
      'stock-bulk',
      { updatedStocks: [{ id: lineIn(item, 'DEPO1').id, quantity: -1 }] },
      stockAdmin,
    );
    expect(response.statusCode).toBe(400);
  });
});

describe('access', () => {
  it('answers 401 without a token', async () => {
    const response = await t.call(undefined, {
      method: 'PUT',
      url: '/api/product-item/stock-import-bulk',
      payload: { stockChange: [] },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets only goods in/out staff move goods, and stock admins and staff count', async () => {
    const item = await stockedItem(t, sales);
    const line = lineIn(item, 'DEPO1');
    const goodsIn = {
      stockChange: [{ id: line.id, importedQuantity: 1, stockOperationType: 'PRODUCTION_INBOUND' }],
    };
    expect((await write('stock-import-bulk', goodsIn, sales)).statusCode).toBe(403);
    expect((await write('stock-import-bulk', goodsIn, stockAdmin)).statusCode).toBe(403);
    expect(
      (await write('stock-bulk', { updatedStocks: [{ id: line.id, quantity: 2 }] }, sales)).statusCode,
    ).toBe(403);
    expect(
      (await write('stock-bulk', { updatedStocks: [{ id: line.id, quantity: 2 }] }, staff)).statusCode,
    ).toBe(200);
  });
});

describe('concurrency on one database', () => {
  it('loses no update when many goods-in and goods-out requests hit the same line at once', async () => {
    const item = await stockedItem(t, sales);
    const line = lineIn(item, 'DEPO1');
    await write('stock-import', {
      id: line.id,
      importedQuantity: 100,
      stockOperationType: 'PRODUCTION_INBOUND',
    });
    const requests = Array.from({ length: 40 }, (_, index) =>
      index % 2 === 0
        ? write('stock-import', {
            id: line.id,
            importedQuantity: 3,
            stockOperationType: 'PRODUCTION_INBOUND',
          })
        : write('stock-export', { id: line.id, exportedQuantity: 2, stockOperationType: 'RETAIL_OUTBOUND' }),
    );
    const responses = await Promise.all(requests);
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(await lineLedger(t, line.id)).toEqual({ quantity: 100 + 20 * 3 - 20 * 2, historySum: 120 });
  });
});

describe('applyStockChanges, the one path of every movement (docs/domain/stock.md)', () => {
  const actor = { userId: 0, userName: 'test', roles: [], privileges: new Set<never>(), isSuperAdmin: true };
  const historyOf = (lineId: number) =>
    rowsOf<{
      action: string;
      quantity_change: number;
      quantity_after_change: number;
      order_id: number | null;
    }>(
      t.db,
      sql`select action, quantity_change, quantity_after_change, order_id from stock_history
           where stock_line_id = ${lineId} order by id`,
    );

  it('applies several changes of one line in their order, a count restarting from the counted quantity', async () => {
    const line = lineIn(await stockedItem(t, sales), 'DEPO2');
    const change = (kind: 'add' | 'set', quantity: number, action: StockAction) => ({
      stockLineId: line.id,
      kind,
      quantity,
      action,
      notes: '',
    });
    const applied = await applyStockChanges(
      t.db,
      [
        change('add', 10, 'PRODUCTION_INBOUND'),
        change('add', -4, 'SHIPMENT_OUTBOUND'),
        change('set', 20, 'STOCK_COUNT'),
        change('set', 20, 'STOCK_COUNT'),
        change('add', -5, 'SHIPMENT_OUTBOUND'),
      ],
      { actor, orderId: 42 },
    );
    expect(applied.map((row) => [row.quantityChange, row.quantityAfterChange])).toEqual([
      [10, 10],
      [-4, 6],
      [14, 20],
      [0, 20],
      [-5, 15],
    ]);
    expect(await historyOf(line.id)).toEqual([
      { action: 'PRODUCTION_INBOUND', quantity_change: 10, quantity_after_change: 10, order_id: 42 },
      { action: 'SHIPMENT_OUTBOUND', quantity_change: -4, quantity_after_change: 6, order_id: 42 },
      { action: 'STOCK_COUNT', quantity_change: 14, quantity_after_change: 20, order_id: 42 },
      { action: 'SHIPMENT_OUTBOUND', quantity_change: -5, quantity_after_change: 15, order_id: 42 },
    ]);
    expect(await lineLedger(t, line.id)).toEqual({ quantity: 15, historySum: 15 });
  });

  it('refuses a sequence that dips below zero on the way, writing nothing', async () => {
    const line = lineIn(await stockedItem(t, sales), 'DEPO3');
    await expect(
      applyStockChanges(
        t.db,
        [
          { stockLineId: line.id, kind: 'add', quantity: -1, action: 'SHIPMENT_OUTBOUND', notes: '' },
          { stockLineId: line.id, kind: 'add', quantity: 5, action: 'PRODUCTION_INBOUND', notes: '' },
        ],
        { actor },
      ),
    ).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/eldeki: 0, istenen: 1/) });
    expect(await lineLedger(t, line.id)).toEqual({ quantity: 0, historySum: 0 });
  });

  it("is undone with the caller's transaction", async () => {
    const line = lineIn(await stockedItem(t, sales), 'DEPO4');
    await expect(
      t.db.transaction(async (tx) => {
        await applyStockChanges(
          tx,
          [{ stockLineId: line.id, kind: 'add', quantity: 7, action: 'PRODUCTION_INBOUND', notes: '' }],
          { actor },
        );
        throw new Error('the order could not be loaded');
      }),
    ).rejects.toThrow('the order could not be loaded');
    expect(await lineLedger(t, line.id)).toEqual({ quantity: 0, historySum: 0 });
  });

  it('refuses a quantity a line cannot hold with 422, not a server error', async () => {
    const line = lineIn(await stockedItem(t, sales), 'DEPO1');
    const body = (quantity: number) => ({
      updatedStocks: [{ id: line.id, quantity }],
    });
    expect((await write('stock-bulk', body(100_000_000), stockAdmin)).statusCode).toBe(200);
    const many = Array.from({ length: 22 }, () => ({
      stockLineId: line.id,
      kind: 'add' as const,
      quantity: 100_000_000,
      action: 'PRODUCTION_INBOUND' as const,
      notes: '',
    }));
    await expect(applyStockChanges(t.db, many, { actor })).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(/Hiçbir stok değiştirilmedi/),
    });
    expect(await lineLedger(t, line.id)).toEqual({ quantity: 100_000_000, historySum: 100_000_000 });
  });
});
