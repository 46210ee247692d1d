import { todayInIstanbul } from '@mandira/contract/lots';
import type { ProductItem, ProductItemPage } from '@mandira/contract/products';
import { LIST_LINE_LOTS } from '@mandira/contract/stock-line-lots';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineIn, stockedItem } from '../../../test/builders/stock-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let staff: string;
let sales: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.tokenWithRoles(['WAREHOUSE_STAFF']);
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
});
afterAll(() => t.close());

/** A day `days` from today in Istanbul, 'YYYY-MM-DD'. */
function dayFromToday(days: number): string {
  const date = new Date(`${todayInIstanbul()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const put = (url: string, payload: object) =>
  t.call(staff, { method: 'PUT', url: `/api/product-item/${url}`, payload });

describe("a stock line's lots in the item answers", () => {
  it('lists the lots with pieces, earliest expiry first and the undated lot last, marking the expired', async () => {
    const item = await stockedItem(t, sales, { quantityInBox: 6 });
    const depo1 = lineIn(item, 'DEPO1').id;
    const [soon, later, past] = [dayFromToday(5), dayFromToday(20), dayFromToday(-3)];
    const received = await put('stock-import-bulk', {
      stockChange: [
        { id: depo1, importedQuantity: 7, stockOperationType: 'PURCHASE_INBOUND' },
        {
          id: depo1,
          importedQuantity: 30,
          stockOperationType: 'PRODUCTION_INBOUND',
          lot: { code: 'L-20', expiryDate: later, productionDate: dayFromToday(-1) },
        },
        {
          id: depo1,
          importedQuantity: 12,
          stockOperationType: 'PRODUCTION_INBOUND',
          lot: { code: 'L-5', expiryDate: soon },
        },
        {
          id: depo1,
          importedQuantity: 4,
          stockOperationType: 'RETURN_INBOUND',
          lot: { code: 'L-OLD', expiryDate: past },
        },
      ],
    });
    expect(received.statusCode).toBe(200);
    const expected = [
      { code: 'L-OLD', expiryDate: past, productionDate: null, quantity: 4, expired: true },
      { code: 'L-5', expiryDate: soon, productionDate: null, quantity: 12, expired: false },
      { code: 'L-20', expiryDate: later, productionDate: dayFromToday(-1), quantity: 30, expired: false },
      { code: '', expiryDate: null, productionDate: null, quantity: 7, expired: false },
    ];
    // The movement's answer already names the lots it created.
    const answered = (received.json.data as ProductItem[])[0]!;
    expect(lineIn(answered, 'DEPO1').lots).toMatchObject(expected);

    const read: ProductItem = (await t.call(staff, { method: 'GET', url: `/api/product-item/${item.id}` }))
      .json.data;
    const lots = lineIn(read, 'DEPO1').lots;
    expect(lots).toMatchObject(expected);
    expect(lots.reduce((sum, lot) => sum + lot.quantity, 0)).toBe(lineIn(read, 'DEPO1').quantity);
    expect(lineIn(read, 'DEPO2').lots).toEqual([]);

    // A goods-out of one named lot leaves the others; a lot taken to 0 leaves the breakdown.
    const l5 = lots.find((lot) => lot.code === 'L-5')!.id;
    const out = await put('stock-export-bulk', {
      stockChange: [{ id: depo1, exportedQuantity: 12, stockOperationType: 'DISPOSAL_OUTBOUND', lotId: l5 }],
    });
    expect(out.statusCode).toBe(200);
    expect(lineIn((out.json.data as ProductItem[])[0]!, 'DEPO1').lots.map((lot) => lot.code)).toEqual([
      'L-OLD',
      'L-20',
      '',
    ]);

    // The paged list reads the same breakdown for every line of its page.
    const page: ProductItemPage = (
      await t.call(staff, { method: 'GET', url: `/api/product-item?q=${item.stockCode}&page=1&size=10` })
    ).json.data;
    const listed = page.items.find((row) => row.id === item.id)!;
    expect(lineIn(listed, 'DEPO1').lots.map((lot) => [lot.code, lot.quantity])).toEqual([
      ['L-OLD', 4],
      ['L-20', 30],
      ['', 7],
    ]);
  });

  it('carries the first lots of a line in a list and every lot in the item read by its id (decision 170)', async () => {
    const item = await stockedItem(t, sales, { quantityInBox: 6 });
    const depo1 = lineIn(item, 'DEPO1').id;
    // Seven dated lots, received latest expiry first, and the undated lot last in FEFO order.
    const lots = [7, 6, 5, 4, 3, 2, 1].map((n) => ({ code: `C-${n}`, expiryDate: dayFromToday(10 + n) }));
    const received = await put('stock-import-bulk', {
      stockChange: [
        { id: depo1, importedQuantity: 2, stockOperationType: 'PURCHASE_INBOUND' },
        ...lots.map((lot, index) => ({
          id: depo1,
          importedQuantity: 10 + index,
          stockOperationType: 'PRODUCTION_INBOUND',
          lot,
        })),
      ],
    });
    expect(received.statusCode).toBe(200);
    const fefo = ['C-1', 'C-2', 'C-3', 'C-4', 'C-5', 'C-6', 'C-7', ''];
    // A movement's answer carries every lot of the lines it moved.
    const moved = lineIn((received.json.data as ProductItem[])[0]!, 'DEPO1');
    expect(moved.lots.map((lot) => lot.code)).toEqual(fefo);
    expect(moved.lotCount).toBe(8);

    const page: ProductItemPage = (
      await t.call(staff, { method: 'GET', url: `/api/product-item?q=${item.stockCode}&page=1&size=10` })
    ).json.data;
    const listed = lineIn(page.items.find((row) => row.id === item.id)!, 'DEPO1');
    expect(listed.lots.map((lot) => lot.code)).toEqual(fefo.slice(0, LIST_LINE_LOTS));
    expect(listed.lotCount).toBe(8);
    expect(lineIn(page.items.find((row) => row.id === item.id)!, 'DEPO2')).toMatchObject({
      lots: [],
      lotCount: 0,
    });

    const read: ProductItem = (await t.call(staff, { method: 'GET', url: `/api/product-item/${item.id}` }))
      .json.data;
    const whole = lineIn(read, 'DEPO1');
    expect(whole.lots.map((lot) => lot.code)).toEqual(fefo);
    expect(whole.lotCount).toBe(8);
    expect(whole.lots.reduce((sum, lot) => sum + lot.quantity, 0)).toBe(whole.quantity);
  });

  it('shows a corrected lot as corrected in the list and the item, its copies beside the pieces following it (decision 173)', async () => {
    const item = await stockedItem(t, sales, { quantityInBox: 6 });
    const depo1 = lineIn(item, 'DEPO1').id;
    const received = await put('stock-import-bulk', {
      stockChange: [
        {
          id: depo1,
          importedQuantity: 9,
          stockOperationType: 'PRODUCTION_INBOUND',
          lot: { code: 'YANLIS-1', expiryDate: dayFromToday(30) },
        },
      ],
    });
    expect(received.statusCode).toBe(200);
    const lotId = lineIn((received.json.data as ProductItem[])[0]!, 'DEPO1').lots[0]!.id;
    // No write of the portal changes a lot's code or dates; a correction in the database must still show.
    await t.db.execute(
      sql`update lots set code = 'DOGRU-1', expiry_date = ${dayFromToday(25)}, production_date = ${dayFromToday(-2)} where id = ${lotId}`,
    );
    const corrected = {
      id: lotId,
      code: 'DOGRU-1',
      expiryDate: dayFromToday(25),
      productionDate: dayFromToday(-2),
    };
    const page: ProductItemPage = (
      await t.call(staff, { method: 'GET', url: `/api/product-item?q=${item.stockCode}&page=1&size=10` })
    ).json.data;
    expect(lineIn(page.items.find((row) => row.id === item.id)!, 'DEPO1').lots).toMatchObject([corrected]);
    const read: ProductItem = (await t.call(staff, { method: 'GET', url: `/api/product-item/${item.id}` }))
      .json.data;
    expect(lineIn(read, 'DEPO1').lots).toMatchObject([corrected]);
  });

  it('writes a page of items byte for byte as the unpaged list writes the same items (decision 183)', async () => {
    const item = await stockedItem(t, sales, { quantityInBox: 4, packagingUnitTypeAmount: 1.25 });
    const depo1 = lineIn(item, 'DEPO1').id;
    const depo2 = lineIn(item, 'DEPO2').id;
    const lot = (code: string, expiryDate: string, importedQuantity: number, id = depo1) => ({
      id,
      importedQuantity,
      stockOperationType: expiryDate < todayInIstanbul() ? 'RETURN_INBOUND' : 'PRODUCTION_INBOUND',
      lot: { code, expiryDate, productionDate: dayFromToday(-40) },
    });
    const received = await put('stock-import-bulk', {
      stockChange: [
        { id: depo1, importedQuantity: 3, stockOperationType: 'PURCHASE_INBOUND' },
        lot('Ş-"1"', dayFromToday(9), 11),
        lot('L-ESKİ', dayFromToday(-2), 5),
        lot('L-2', dayFromToday(12), 6),
        lot('L-3', dayFromToday(14), 7),
        lot('L-9', dayFromToday(3), 13, depo2),
      ],
    });
    expect(received.statusCode).toBe(200);
    // What the portal's forms refuse, a code corrected in the database may hold: JSON escapes it alike.
    const lotId = lineIn((received.json.data as ProductItem[])[0]!, 'DEPO2').lots[0]!.id;
    await t.db.execute(
      sql`update lots set code = ${'tab\t "tırnak" \\ ters \u0001 / ğ'} where id = ${lotId}`,
    );
    const body = async (url: string) => {
      const response = await t.call(staff, {
        method: 'GET',
        url: `/api/product-item?q=${item.stockCode}${url}`,
      });
      expect(response.statusCode).toBe(200);
      return response.body;
    };
    const unpaged = await body('');
    const paged = await body('&page=1&size=5');
    // The unpaged list carries every lot of a line only for one item by its id: a list cuts them alike.
    expect(paged).toBe(
      `{"success":true,"data":{"items":${unpaged.slice('{"success":true,"data":'.length, -1)},"page":1,"size":5,"count":1,"totalPages":1}}`,
    );
    const page = JSON.parse(paged).data as ProductItemPage;
    expect(lineIn(page.items[0]!, 'DEPO1')).toMatchObject({
      boxQuantity: 8,
      lotCount: 5,
      packagingUnitTypeAmount: 1.25,
    });
    expect(lineIn(page.items[0]!, 'DEPO1').lots.map((one) => [one.code, one.expired])).toEqual([
      ['L-ESKİ', true],
      ['Ş-"1"', false],
      ['L-2', false],
    ]);
    expect(lineIn(page.items[0]!, 'DEPO2').lots[0]!.code).toBe('tab\t "tırnak" \\ ters \u0001 / ğ');
  });
});
