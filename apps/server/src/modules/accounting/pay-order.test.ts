import type { AccountingTransaction, PayOrderResult } from '@mandira/contract/accounting';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingWorld,
  accountingWorld,
  ledger,
  pay,
  summaryOf,
  transactionsOf,
} from '../../../test/builders/accounting-test-data.ts';
import { buyer, forceStatuses, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';
import { refreshDealtTotal } from '../orders/order-steps.ts';

let w: AccountingWorld;
beforeAll(async () => {
  w = await accountingWorld();
});
afterAll(() => w.close());

/** A buyer with one order of `boxes` boxes at 60 TL a box (6 pieces at 10 TL). */
async function buyerWithOrder(boxes = 2) {
  const { id: buyerId } = await buyer(w);
  const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
  const order = await placedOrder(w, buyerId, [{ productId, boxes }]);
  return { buyerId, order, productId };
}

describe('placing an order', () => {
  it('appends its NEW_ORDER transaction for its total, with the whole total open', async () => {
    const { buyerId, order } = await buyerWithOrder(2);
    const [row, ...rest] = await transactionsOf(w, buyerId);
    expect(rest).toEqual([]);
    expect(row).toMatchObject({
      buyerId,
      orderId: order.id,
      relatedOrderNumber: order.orderNumber,
      reasonDetail: { name: 'NEW_ORDER', label: 'Yeni Sipariş' },
      payTypeDetail: null,
      logoInvoiceId: null,
      amount: 120,
      openAmount: 120,
      orderStatusDescription: { name: 'WAITING_FOR_REVIEW' },
    });
    expect(row!.createdAt).toBe(order.createdAt);
    expect(await summaryOf(w, buyerId)).toEqual({
      buyerId,
      totalOrderCount: 1,
      totalAmountOfOrders: 120,
      totalAmountOfOrderPayments: 0,
      totalAmountOfProductRefunds: 0,
      remainingAmountToPurchase: 120,
    });
  });
});

describe('paying for an order (POST /accounting/pay-order)', () => {
  it('appends payments and refunds, newest first, and lowers what is open', async () => {
    const { buyerId, order } = await buyerWithOrder(3);
    const cash = await pay(w, {
      orderId: order.id,
      payType: 'CASH',
      reason: 'ORDER_PAYMENT',
      amount: 50.25,
      logoInvoiceId: 'LG-2026-001',
    });
    expect(cash.statusCode).toBe(200);
    const result = cash.json.data as PayOrderResult;
    expect(result.transaction).toMatchObject({
      orderId: order.id,
      reasonDetail: { name: 'ORDER_PAYMENT', label: 'Sipariş Ödemesi' },
      payTypeDetail: { name: 'CASH', label: 'Nakit' },
      logoInvoiceId: 'LG-2026-001',
      amount: 50.25,
      openAmount: null,
    });
    expect(result.transaction.createdByName).toBeTruthy();
    expect(result.summary).toMatchObject({
      totalAmountOfOrderPayments: 50.25,
      remainingAmountToPurchase: 129.75,
    });
    await pay(w, { orderId: order.id, payType: 'BANK_TRANSFER', reason: 'ORDER_PAYMENT', amount: 100 });
    const refund = await pay(w, {
      orderId: order.id,
      payType: 'REFUND',
      reason: 'PRODUCT_REFUND',
      amount: 29.75,
    });
    expect(refund.statusCode).toBe(200);
    const rows = await transactionsOf(w, buyerId);
    expect(rows.map((row) => [row.reasonDetail.name, row.payTypeDetail?.name ?? null, row.amount])).toEqual([
      ['PRODUCT_REFUND', 'REFUND', 29.75],
      ['ORDER_PAYMENT', 'BANK_TRANSFER', 100],
      ['ORDER_PAYMENT', 'CASH', 50.25],
      ['NEW_ORDER', null, 180],
    ]);
    // The payment is answered as the transaction list shows it.
    expect(rows.at(-2)).toEqual(result.transaction);
    expect(rows.at(-1)!.openAmount).toBe(0);
    expect(await summaryOf(w, buyerId)).toMatchObject({
      totalAmountOfOrders: 180,
      totalAmountOfOrderPayments: 150.25,
      totalAmountOfProductRefunds: 29.75,
      remainingAmountToPurchase: 0,
    });
  });

  it('takes exactly what is open, and refuses a cent more with 422 naming both amounts, writing nothing', async () => {
    const { order } = await buyerWithOrder(1);
    expect(
      (await pay(w, { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 20 })).statusCode,
    ).toBe(200);
    const before = await ledger(w);
    const over = await pay(w, { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 40.01 });
    expect(over.statusCode).toBe(422);
    expect(over.json.error).toEqual({
      code: 'BUSINESS_RULE',
      field: 'amount',
      message: `Girilen tutar (₺40,01), #${order.orderNumber} numaralı siparişin açık tutarını (₺40,00) aşıyor.`,
    });
    const refund = await pay(w, {
      orderId: order.id,
      payType: 'REFUND',
      reason: 'PRODUCT_REFUND',
      amount: 1234.5,
    });
    expect(refund.statusCode).toBe(422);
    expect(refund.json.error.message).toContain('(₺1.234,50)');
    expect(await ledger(w)).toEqual(before);
    expect(
      (await pay(w, { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 40 })).statusCode,
    ).toBe(200);
    const nothingOpen = await pay(w, {
      orderId: order.id,
      payType: 'CASH',
      reason: 'ORDER_PAYMENT',
      amount: 0.01,
    });
    expect(nothingOpen.statusCode).toBe(422);
    expect(nothingOpen.json.error.message).toContain('(₺0,00)');
  });

  it('refuses bad input with 400 on its field and writes nothing', async () => {
    const { order } = await buyerWithOrder(1);
    const valid = { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 10 };
    const before = await ledger(w);
    const cases: [object, string][] = [
      [{ ...valid, payType: 'REFUND' }, 'payType'],
      [{ ...valid, reason: 'PRODUCT_REFUND' }, 'payType'],
      [{ ...valid, reason: 'PRODUCT_REFUND', payType: 'BANK_TRANSFER' }, 'payType'],
      [{ ...valid, reason: 'NEW_ORDER' }, 'reason'],
      [{ ...valid, payType: 'CHEQUE' }, 'payType'],
      [{ ...valid, amount: 0 }, 'amount'],
      [{ ...valid, amount: -5 }, 'amount'],
      [{ ...valid, amount: 1.005 }, 'amount'],
      // Below a cent: rounds to 0.00, which the table's CHECK refuses (a 500 before).
      [{ ...valid, amount: 1e-9 }, 'amount'],
      [{ ...valid, amount: 0.004 }, 'amount'],
      [{ ...valid, amount: '10' }, 'amount'],
      [{ ...valid, amount: 1e13 }, 'amount'],
      [{ ...valid, orderId: 0 }, 'orderId'],
      [{ ...valid, orderId: 'abc' }, 'orderId'],
      [{ ...valid, logoInvoiceId: 'x'.repeat(51) }, 'logoInvoiceId'],
      [{ payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 10 }, 'orderId'],
      [{ orderId: order.id, reason: 'ORDER_PAYMENT', amount: 10 }, 'payType'],
      [{ orderId: order.id, payType: 'CASH', amount: 10 }, 'reason'],
      [{ orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT' }, 'amount'],
    ];
    for (const [body, field] of cases) {
      const response = await pay(w, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json.error.field, JSON.stringify(body)).toBe(field);
    }
    const wrongType = await pay(w, { ...valid, payType: 'REFUND' });
    expect(wrongType.json.error.message).toContain(
      'Sipariş Ödemesi için ödeme tipi Nakit veya Havale/EFT olmalıdır.',
    );
    expect((await pay(w, { ...valid, amount: 1e-9 })).json.error.message).toContain('en az 0,01 ₺');
    expect(await ledger(w)).toEqual(before);
  });

  it('answers 404 for an unknown order and 422 for a canceled one, writing nothing', async () => {
    const { order } = await buyerWithOrder(1);
    await pay(w, { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 10 });
    const canceled = await w.call('PUT', '/orders', { id: order.id, status: 'CANCELED_BY_BUYER' });
    expect(canceled.statusCode).toBe(200);
    const before = await ledger(w);
    const missing = await pay(w, { orderId: 999_999, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 10 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json.error.message).toBe('Sipariş bulunamadı.');
    for (const body of [
      { payType: 'CASH', reason: 'ORDER_PAYMENT' },
      { payType: 'REFUND', reason: 'PRODUCT_REFUND' },
    ]) {
      const refused = await pay(w, { orderId: order.id, amount: 5, ...body });
      expect(refused.statusCode).toBe(422);
      expect(refused.json.error.field).toBe('orderId');
      expect(refused.json.error.message).toMatch(
        /alıcı tarafından iptal edildi; (sipariş ödemesi|ürün iadesi) kaydedilemez/,
      );
    }
    expect(await ledger(w)).toEqual(before);
  });

  it('keeps the ledger append-only in the database itself', async () => {
    const { order } = await buyerWithOrder(1);
    const [row] = await rowsOf<{ id: number }>(
      w.t.db,
      sql`select id from accounting_transactions where order_id = ${order.id}`,
    );
    await expect(
      w.t.db.execute(sql`update accounting_transactions set amount = 1 where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      w.t.db.execute(sql`delete from accounting_transactions where id = ${row!.id}`),
    ).rejects.toThrow();
  });
});

describe('the account summary (GET /accounting/summary)', () => {
  it('counts dealt totals: item cancellations, partial approvals and partial loading lower them; canceled orders drop out', async () => {
    const { id: buyerId } = await buyer(w);
    const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
    const other = await stockedProduct(w, 600, { price: 5, discount: 0 });
    // 3 boxes = 180 TL and 2 boxes = 60 TL.
    const first = await placedOrder(w, buyerId, [
      { productId, boxes: 3 },
      { productId: other, boxes: 2 },
    ]);
    const second = await placedOrder(w, buyerId, [{ productId, boxes: 2 }]);
    const third = await placedOrder(w, buyerId, [{ productId, boxes: 1 }]);
    expect(await summaryOf(w, buyerId)).toMatchObject({ totalOrderCount: 3, totalAmountOfOrders: 420 });

    // The first order: its second item canceled (−60), its first approved for 2 boxes of 3 (−60).
    await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${first.id}`);
    const [big, small] = first.orderItems;
    expect((await w.call('PUT', `/orders/${first.id}/order-item/${small!.id}/cancel`)).statusCode).toBe(200);
    const partial = await w.call(
      'PUT',
      `/orders/${first.id}/order-item/${big!.id}?action=APPROVE_PARTIALLY&quantity=12`,
    );
    expect(partial.statusCode).toBe(200);
    // The second order loaded 5 pieces of 12 and finished loading: 50 TL dealt.
    await forceStatuses(w, second.id, 'IN_PROGRESS', ['LOADED_TO_TRUCK_FROM_WAREHOUSE'], 5);
    await w.t.db.transaction((tx) => refreshDealtTotal(tx, second.id));
    expect(await summaryOf(w, buyerId)).toMatchObject({
      totalOrderCount: 3,
      totalAmountOfOrders: 120 + 50 + 60,
      remainingAmountToPurchase: 230,
    });
    // Open amounts follow the dealt totals.
    const newOrders = (await transactionsOf(w, buyerId)).filter(
      (row) => row.reasonDetail.name === 'NEW_ORDER',
    );
    expect(newOrders.map((row) => [row.relatedOrderNumber, row.amount, row.openAmount])).toEqual([
      [third.orderNumber, 60, 60],
      [second.orderNumber, 120, 50],
      [first.orderNumber, 240, 120],
    ]);
    expect(
      (await pay(w, { orderId: second.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 50.01 }))
        .statusCode,
    ).toBe(422);

    // The third is paid in full and then canceled: it drops out, its payment stays, the buyer is in credit.
    await pay(w, { orderId: third.id, payType: 'BANK_TRANSFER', reason: 'ORDER_PAYMENT', amount: 60 });
    await pay(w, { orderId: first.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 120 });
    await pay(w, { orderId: second.id, payType: 'REFUND', reason: 'PRODUCT_REFUND', amount: 50 });
    expect((await w.call('PUT', '/orders', { id: third.id, status: 'CANCELED_BY_SELLER' })).statusCode).toBe(
      200,
    );
    expect(await summaryOf(w, buyerId)).toEqual({
      buyerId,
      totalOrderCount: 2,
      totalAmountOfOrders: 170,
      totalAmountOfOrderPayments: 180,
      totalAmountOfProductRefunds: 50,
      remainingAmountToPurchase: -60,
    });
    const canceledRow = (await transactionsOf(w, buyerId)).find(
      (row) => row.orderId === third.id && row.reasonDetail.name === 'NEW_ORDER',
    );
    expect(canceledRow).toMatchObject({
      openAmount: 0,
      orderStatusDescription: { name: 'CANCELED_BY_SELLER' },
    });
  });

  it('is all zeros for a buyer without orders', async () => {
    const { id: buyerId } = await buyer(w);
    expect(await summaryOf(w, buyerId)).toEqual({
      buyerId,
      totalOrderCount: 0,
      totalAmountOfOrders: 0,
      totalAmountOfOrderPayments: 0,
      totalAmountOfProductRefunds: 0,
      remainingAmountToPurchase: 0,
    });
  });
});

describe('the transaction list (GET /accounting/transactions)', () => {
  it('pages newest first and keeps to the days asked for', async () => {
    const { buyerId, order } = await buyerWithOrder(5);
    for (const amount of [1, 2, 3, 4]) {
      await pay(w, { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount });
    }
    const page = await w.call(
      'GET',
      `/accounting/transactions?buyerId=${buyerId}&page=2&size=2`,
      undefined,
      w.finance,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json.data).toMatchObject({ page: 2, size: 2, count: 5, totalPages: 3 });
    expect(page.json.data.transactions.map((row: AccountingTransaction) => row.amount)).toEqual([2, 1]);
    const today = order.createdAt.slice(0, 10);
    expect(await transactionsOf(w, buyerId, `&from=${today}&to=${today}`)).toHaveLength(5);
    expect(await transactionsOf(w, buyerId, `&to=2020-01-01`)).toEqual([]);
    expect(await transactionsOf(w, buyerId, `&from=2099-01-01`)).toEqual([]);
  });

  it('shows a buyer only their own transactions', async () => {
    const { buyerId } = await buyerWithOrder(1);
    const { buyerId: otherBuyer } = await buyerWithOrder(1);
    const rows = await transactionsOf(w, buyerId);
    expect(rows.every((row) => row.buyerId === buyerId)).toBe(true);
    expect((await transactionsOf(w, otherBuyer)).every((row) => row.buyerId === otherBuyer)).toBe(true);
  });
});

describe('the buyer of every accounting call', () => {
  const reads = [
    '/accounting/summary',
    '/accounting/transactions',
    '/accounting/statement',
    '/accounting/statement.pdf',
  ];

  it('is required (400 on buyerId) and must exist (404)', async () => {
    for (const path of reads) {
      for (const query of ['', '?buyerId=', '?buyerId=abc', '?buyerId=0', '?buyerId=1.5']) {
        const response = await w.call('GET', `${path}${query}`, undefined, w.finance);
        expect(response.statusCode, `${path}${query}`).toBe(400);
        expect(response.json.error.field).toBe('buyerId');
      }
      const missing = await w.call('GET', `${path}?buyerId=999999`, undefined, w.finance);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json.error.message).toBe('Müşteri bulunamadı.');
    }
  });

  it('lets the accounting screen read the buyer list for its buyer select', async () => {
    const { buyerId } = await buyerWithOrder(1);
    const response = await w.call('GET', '/buyers', undefined, w.finance);
    expect(response.statusCode).toBe(200);
    expect(response.json.data.some((one: { id: number }) => one.id === buyerId)).toBe(true);
  });

  it('answers 401 without a token and 403 without the accounting privilege, writing nothing', async () => {
    const { buyerId, order } = await buyerWithOrder(1);
    const before = await ledger(w);
    const body = { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 1 };
    const calls = [
      ...reads.map((path) => ['GET', `${path}?buyerId=${buyerId}`, undefined] as const),
      ['POST', '/accounting/pay-order', body] as const,
    ];
    for (const [method, url, payload] of calls) {
      for (const token of [undefined, 'nope']) {
        const response = await w.t.call(token, {
          method,
          url: `/api${url}`,
          ...(payload ? { payload } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
      for (const token of [w.manager, w.warehouse, w.office]) {
        expect((await w.call(method, url, payload, token)).statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(await ledger(w)).toEqual(before);
  });

  it("lets the customer screen's owner read the account but not pay (decision 104)", async () => {
    const { buyerId, order } = await buyerWithOrder(1);
    const accountingManager = await w.t.tokenWithRoles(['ACCOUNTING_MANAGER']);
    for (const path of reads) {
      const response = await w.call('GET', `${path}?buyerId=${buyerId}`, undefined, accountingManager);
      expect(response.statusCode, path).toBe(200);
    }
    const before = await ledger(w);
    const body = { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 1 };
    const paid = await w.call('POST', '/accounting/pay-order', body, accountingManager);
    expect(paid.statusCode).toBe(403);
    expect(await ledger(w)).toEqual(before);
  });
});
