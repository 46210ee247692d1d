import { describe, expect, it } from 'vitest';
import { formatLira, PayOrderBody, StatementQuery, TransactionsQuery } from './accounting.ts';

const payment = { orderId: 3, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 150.5 };

describe('the accounting contract', () => {
  it('takes a payment, a bank transfer and a refund with their own pay types', () => {
    expect(PayOrderBody.parse(payment)).toEqual({ ...payment, logoInvoiceId: null });
    expect(
      PayOrderBody.parse({ ...payment, payType: 'BANK_TRANSFER', logoInvoiceId: ' LG-1 ' }),
    ).toMatchObject({
      logoInvoiceId: 'LG-1',
    });
    expect(PayOrderBody.safeParse({ ...payment, reason: 'PRODUCT_REFUND', payType: 'REFUND' }).success).toBe(
      true,
    );
  });

  it('refuses a pay type that does not go with the reason, on the pay type', () => {
    const refused = PayOrderBody.safeParse({ ...payment, payType: 'REFUND' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['payType'],
      message: 'Sipariş Ödemesi için ödeme tipi Nakit veya Havale/EFT olmalıdır.',
    });
    expect(PayOrderBody.safeParse({ ...payment, reason: 'PRODUCT_REFUND', payType: 'CASH' }).success).toBe(
      false,
    );
    expect(PayOrderBody.safeParse({ ...payment, reason: 'NEW_ORDER' }).success).toBe(false);
  });

  it('refuses amounts of 0 or less, with more than two decimals, or beyond numeric(14,2)', () => {
    for (const amount of [0, -1, 1.005, 1e-9, 0.004, 1e13, '12', Number.NaN]) {
      expect(PayOrderBody.safeParse({ ...payment, amount }).success, String(amount)).toBe(false);
    }
    expect(PayOrderBody.safeParse({ ...payment, amount: 0.01 }).success).toBe(true);
  });

  it('reads days and refuses a range that ends before it starts', () => {
    expect(StatementQuery.parse({ buyerId: '4', from: '2026-11-01', to: '' })).toEqual({
      buyerId: 4,
      from: '2026-11-01',
    });
    expect(StatementQuery.safeParse({ buyerId: 4, from: '2026-11-02', to: '2026-11-01' }).success).toBe(
      false,
    );
    expect(TransactionsQuery.safeParse({}).success).toBe(false);
  });

  it('writes lira as the screens do', () => {
    expect(formatLira(1234.5)).toBe('₺1.234,50');
  });
});
