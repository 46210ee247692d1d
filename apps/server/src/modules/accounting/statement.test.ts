import type { AccountingTransaction, AccountStatement, TransactionPage } from '@mandira/contract/accounting';
import { addDays, istanbulDate, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingWorld,
  accountingWorld,
  backdate,
  pay,
  statementOf as statementOfBuyer,
  summaryOf,
  transactionsOf,
} from '../../../test/builders/accounting-test-data.ts';
import { buyer, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';
import { pdfPageTexts } from '../../pdf/pdf-text.ts';

let w: AccountingWorld;
beforeAll(async () => {
  w = await accountingWorld();
});
afterAll(() => w.close());

const today = istanbulDate(new Date());
const statementOf = (buyerId: number, query = '') => statementOfBuyer(w, buyerId, query);
const lines = (statement: AccountStatement) =>
  statement.lines.map((line) => [
    line.reasonDetail.name,
    line.relatedOrderNumber,
    line.debit,
    line.credit,
    line.balance,
  ]);

/**
 * A buyer whose first order (120 TL) was placed ten days ago; today 50 TL is paid on it, a second order
 * of 60 + 30 TL is placed, its 30 TL item canceled, and 10 TL refunded on it.
 */
async function buyerWithHistory() {
  const b = await buyer(w);
  const cheese = await stockedProduct(w, 600, { price: 10, discount: 0 });
  const yogurt = await stockedProduct(w, 600, { price: 5, discount: 0 });
  const first = await placedOrder(w, b.id, [{ productId: cheese, boxes: 2 }]);
  await backdate(w, first.id, new Date(startOfIstanbulDay(addDays(today, -10)).getTime() + 9 * 3_600_000));
  await pay(w, {
    orderId: first.id,
    payType: 'CASH',
    reason: 'ORDER_PAYMENT',
    amount: 50,
    logoInvoiceId: 'LG-7',
  });
  const second = await placedOrder(w, b.id, [
    { productId: cheese, boxes: 1 },
    { productId: yogurt, boxes: 1 },
  ]);
  await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${second.id}`);
  await w.call('PUT', `/orders/${second.id}/order-item/${second.orderItems[1]!.id}/cancel`);
  await pay(w, { orderId: second.id, payType: 'REFUND', reason: 'PRODUCT_REFUND', amount: 10 });
  return { buyer: b, first, second };
}

describe('the account statement (GET /accounting/statement)', () => {
  it('runs the balance through every movement and closes at the summary balance over the whole history', async () => {
    const { buyer: b, first, second } = await buyerWithHistory();
    const statement = await statementOf(b.id);
    expect(statement).toMatchObject({
      buyer: { id: b.id, code: b.code, title: b.title },
      from: null,
      to: today,
      openingBalance: 0,
      totalDebit: 210,
      totalCredit: 90,
      closingBalance: 120,
    });
    expect(lines(statement)).toEqual([
      ['NEW_ORDER', first.orderNumber, 120, 0, 120],
      ['ORDER_PAYMENT', first.orderNumber, 0, 50, 70],
      ['NEW_ORDER', second.orderNumber, 90, 0, 160],
      ['ORDER_ADJUSTMENT', second.orderNumber, 0, 30, 130],
      ['PRODUCT_REFUND', second.orderNumber, 0, 10, 120],
    ]);
    expect(statement.lines[1]).toMatchObject({
      kind: 'TRANSACTION',
      payTypeDetail: { name: 'CASH', label: 'Nakit' },
      logoInvoiceId: 'LG-7',
      description: `#${first.orderNumber} numaralı sipariş: sipariş ödemesi (Nakit)`,
    });
    expect(statement.lines[3]).toMatchObject({
      kind: 'ORDER_ADJUSTMENT',
      transactionId: null,
      reasonDetail: { name: 'ORDER_ADJUSTMENT', label: 'Sipariş tutarı düzeltmesi' },
      description: `#${second.orderNumber} numaralı sipariş: onaylanan / yüklenen miktara göre tutar farkı`,
    });
    expect(statement.lines[0]!.date.slice(0, 10)).toBe(addDays(today, -10));
    expect((await summaryOf(w, b.id)).remainingAmountToPurchase).toBe(statement.closingBalance);
  });

  it('opens a range with the balance before it, and keeps to its days', async () => {
    const { buyer: b, first } = await buyerWithHistory();
    const recent = await statementOf(b.id, `&from=${addDays(today, -5)}&to=${today}`);
    expect(recent).toMatchObject({ from: addDays(today, -5), openingBalance: 120, closingBalance: 120 });
    expect(lines(recent).map((line) => line[4])).toEqual([70, 160, 130, 120]);
    const early = await statementOf(b.id, `&from=${addDays(today, -10)}&to=${addDays(today, -1)}`);
    expect(lines(early)).toEqual([['NEW_ORDER', first.orderNumber, 120, 0, 120]]);
    expect(early.closingBalance).toBe(120);
    const before = await statementOf(b.id, `&from=2020-01-01&to=2020-12-31`);
    expect(before).toMatchObject({
      openingBalance: 0,
      lines: [],
      totalDebit: 0,
      totalCredit: 0,
      closingBalance: 0,
    });
    const bad = await w.call(
      'GET',
      `/accounting/statement?buyerId=${b.id}&from=${today}&to=2020-01-01`,
      undefined,
      w.finance,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json.error.field).toBe('to');
  });

  it('opens every range at the sum of all movements before it, adjustments included', async () => {
    const { buyer: b } = await buyerWithHistory();
    const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
    const at = (days: number) => new Date(startOfIstanbulDay(addDays(today, days)).getTime() + 9 * 3_600_000);
    // Canceled a week ago: its adjustment lies before most ranges.
    const old = await placedOrder(w, b.id, [{ productId, boxes: 1 }]);
    await w.call('PUT', '/orders', { id: old.id, status: 'CANCELED_BY_BUYER' });
    await backdate(w, old.id, at(-7));
    await w.t.db.execute(
      sql`update orders set updated_at = ${at(-7).toISOString()}::timestamptz where id = ${old.id}`,
    );
    // Last changed before it was placed on the ledger: its adjustment is dated by the NEW_ORDER, 3 days ago.
    const odd = await placedOrder(w, b.id, [{ productId, boxes: 2 }]);
    await w.call('PUT', '/orders', { id: odd.id, status: 'CANCELED_BY_SELLER' });
    await backdate(w, odd.id, at(-3));
    await w.t.db.execute(
      sql`update orders set updated_at = ${at(-8).toISOString()}::timestamptz where id = ${odd.id}`,
    );

    const whole = await statementOf(b.id);
    expect(lines(whole).filter((line) => line[0] === 'ORDER_ADJUSTMENT')).toHaveLength(3);
    for (const days of [-12, -9, -7, -6, -5, -3, -2, 0]) {
      const from = addDays(today, days);
      const ranged = await statementOf(b.id, `&from=${from}&to=${today}`);
      const earlier = whole.lines.filter((line) => line.date.slice(0, 10) < from);
      const sum = earlier.reduce((total, line) => total + line.debit - line.credit, 0);
      expect(ranged.openingBalance).toBeCloseTo(sum, 2);
      expect(lines(ranged)).toEqual(lines(whole).slice(earlier.length));
      expect(ranged.closingBalance).toBe(whole.closingBalance);
    }
  });

  it('takes a canceled order back out, so a buyer who paid it is in credit', async () => {
    const b = await buyer(w);
    const productId = await stockedProduct(w, 600, { price: 10, discount: 0 });
    const order = await placedOrder(w, b.id, [{ productId, boxes: 1 }]);
    await pay(w, { orderId: order.id, payType: 'BANK_TRANSFER', reason: 'ORDER_PAYMENT', amount: 60 });
    await w.call('PUT', '/orders', { id: order.id, status: 'CANCELED_BY_BUYER' });
    const statement = await statementOf(b.id);
    expect(lines(statement)).toEqual([
      ['NEW_ORDER', order.orderNumber, 60, 0, 60],
      ['ORDER_PAYMENT', order.orderNumber, 0, 60, 0],
      ['ORDER_ADJUSTMENT', order.orderNumber, 0, 60, -60],
    ]);
    expect(statement.lines[2]!.description).toBe(`#${order.orderNumber} numaralı sipariş iptal edildi`);
    expect((await summaryOf(w, b.id)).remainingAmountToPurchase).toBe(-60);
  });
});

describe('the two finance tabs: transactions and statement (decision 143)', () => {
  /** A movement as both answers can name it: kind, transaction, order, date and change of the balance. */
  type Movement = [string, number | null, number, string, number];
  const fromStatement = (statement: AccountStatement): Movement[] =>
    statement.lines.map((line) => [
      line.kind,
      line.transactionId,
      line.orderId,
      line.date,
      Math.round((line.debit - line.credit) * 100) / 100,
    ]);
  const fromTransactions = (transactions: AccountingTransaction[]): Movement[] =>
    transactions
      .map((row): Movement => {
        // A payment's or refund's amount lowers the balance; an order raises it; an adjustment is signed.
        const lowers = row.kind === 'TRANSACTION' && row.reasonDetail.name !== 'NEW_ORDER';
        return [row.kind, row.id, row.orderId, row.createdAt, lowers ? -row.amount : row.amount];
      })
      .reverse();

  it('lists the same movements, the adjustment of a canceled item included, newest first', async () => {
    const { buyer: b, second } = await buyerWithHistory();
    const statement = await statementOf(b.id);
    const transactions = await transactionsOf(w, b.id, '&from=2000-01-01');
    expect(fromTransactions(transactions)).toEqual(fromStatement(statement));
    // The adjustment: no id, the canceled item's 30 TL taken off, named as on the statement.
    const adjustment = transactions.find((row) => row.kind === 'ORDER_ADJUSTMENT');
    expect(adjustment).toMatchObject({
      id: null,
      orderId: second.id,
      relatedOrderNumber: second.orderNumber,
      reasonDetail: { name: 'ORDER_ADJUSTMENT', label: 'Sipariş tutarı düzeltmesi' },
      payTypeDetail: null,
      amount: -30,
      openAmount: null,
      billedAmount: null,
    });
    // The movements' sum is the balance the summary gives.
    const sum = fromTransactions(transactions).reduce((total, movement) => total + movement[4], 0);
    expect(sum).toBe((await summaryOf(w, b.id)).remainingAmountToPurchase);
  });

  it('pages the same movements in SQL, counting the adjustment, and keeps to a range', async () => {
    const { buyer: b } = await buyerWithHistory();
    const whole = await transactionsOf(w, b.id, '&from=2000-01-01');
    expect(whole).toHaveLength(5);
    const pages: TransactionPage[] = [];
    for (const page of [1, 2, 3, 4]) {
      const response = await w.call(
        'GET',
        `/accounting/transactions?buyerId=${b.id}&page=${page}&size=2`,
        undefined,
        w.finance,
      );
      pages.push(response.json.data);
    }
    expect(pages.map((p) => [p.count, p.totalPages, p.transactions.length])).toEqual([
      [5, 3, 2],
      [5, 3, 2],
      [5, 3, 1],
      [5, 3, 0],
    ]);
    expect(pages.flatMap((p) => p.transactions.map((row) => [row.kind, row.id, row.orderId]))).toEqual(
      whole.map((row) => [row.kind, row.id, row.orderId]),
    );
    // The last five days hold what the statement's same range holds.
    const range = `&from=${addDays(today, -5)}&to=${today}`;
    expect(fromTransactions(await transactionsOf(w, b.id, range))).toEqual(
      fromStatement(await statementOf(b.id, range)),
    );
  });
});

describe('the account statement as PDF (GET /accounting/statement.pdf)', () => {
  it('prints the company, the buyer, the range, every line and the balances, in Turkish', async () => {
    const { buyer: b, first } = await buyerWithHistory();
    const from = addDays(today, -5);
    const response = await w.call(
      'GET',
      `/accounting/statement.pdf?buyerId=${b.id}&from=${from}`,
      undefined,
      w.finance,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''Hesap%20Ekstresi%20${b.code}%20${from}%20${today}.pdf`,
    );
    // A wrapped cell comes back as two pieces of text.
    const text = (await pdfPageTexts(response.rawPayload)).join(' ').replace(/\s+/g, ' ');
    const day = (iso: string) => iso.split('-').reverse().join('.');
    for (const words of [
      'Mandıra Süt Ürünleri',
      'Hesap Ekstresi',
      `${b.title} (${b.code})`,
      `${day(from)} – ${day(today)}`,
      'Açılış bakiyesi',
      `#${first.orderNumber} numaralı sipariş: sipariş ödemesi (Nakit)`,
      'LG-7',
      'onaylanan / yüklenen miktara göre tutar farkı',
      'ürün iadesi',
      '₺120,00',
      '₺160,00',
      'Dönem toplamı',
      'Kapanış bakiyesi: ₺120,00',
    ]) {
      expect(text).toContain(words);
    }
  });
});
