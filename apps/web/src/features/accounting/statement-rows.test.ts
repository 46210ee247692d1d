import type { AccountStatement } from '@mandira/contract/accounting';
import { describe, expect, it } from 'vitest';
import { balanceStanding } from './balance.ts';
import { lastThirtyDays, quickRanges } from './statement-range.ts';
import { statementRows } from './statement-rows.ts';

const STATEMENT: AccountStatement = {
  buyer: { id: 4, code: 'B-4', title: 'Kuzey Gıda' },
  from: '2026-11-01',
  to: '2026-11-23',
  openingBalance: 150,
  lines: [
    {
      kind: 'TRANSACTION',
      transactionId: 10,
      date: '2026-11-05T10:00:00+03:00',
      orderId: 3,
      relatedOrderNumber: 12,
      reasonDetail: { name: 'NEW_ORDER', label: 'Yeni Sipariş' },
      payTypeDetail: null,
      logoInvoiceId: null,
      description: '#12 numaralı sipariş: yeni sipariş',
      debit: 500,
      credit: 0,
      balance: 650,
    },
    {
      kind: 'TRANSACTION',
      transactionId: 11,
      date: '2026-11-06T10:00:00+03:00',
      orderId: 3,
      relatedOrderNumber: 12,
      reasonDetail: { name: 'ORDER_PAYMENT', label: 'Sipariş Ödemesi' },
      payTypeDetail: { name: 'CASH', label: 'Nakit' },
      logoInvoiceId: 'LG-1',
      description: '#12 numaralı sipariş: sipariş ödemesi (Nakit)',
      debit: 0,
      credit: 700,
      balance: -50,
    },
  ],
  totalDebit: 500,
  totalCredit: 700,
  closingBalance: -50,
};

describe('statementRows', () => {
  it('frames the lines, in their order, with the opening balance and the closing balance with the totals', () => {
    const rows = statementRows(STATEMENT);
    expect(rows.map((row) => [row.kind, row.debit, row.credit, row.balance])).toEqual([
      ['OPENING', null, null, 150],
      ['LINE', 500, null, 650],
      ['LINE', null, 700, -50],
      ['CLOSING', 500, 700, -50],
    ]);
    expect(rows[0]).toMatchObject({ date: '2026-11-01', description: 'Açılış bakiyesi' });
    expect(rows[2]).toMatchObject({ orderNumber: 12, payType: 'Nakit', logoInvoiceId: 'LG-1' });
    expect(rows[3]!.date).toBe('2026-11-23');
  });

  it('dates the opening row by the first line when the range has no start', () => {
    expect(statementRows({ ...STATEMENT, from: null })[0]!.date).toBe('2026-11-05T10:00:00+03:00');
  });

  it('opens only the first page with the opening balance and closes only the last with the totals', () => {
    const paging = { size: 1, count: 2, totalPages: 2 };
    const first = statementRows({
      ...STATEMENT,
      lines: STATEMENT.lines.slice(0, 1),
      paging: { ...paging, page: 1 },
    });
    const last = statementRows({
      ...STATEMENT,
      lines: STATEMENT.lines.slice(1),
      paging: { ...paging, page: 2 },
    });
    expect(first.map((row) => [row.kind, row.balance])).toEqual([
      ['OPENING', 150],
      ['LINE', 650],
    ]);
    expect(last.map((row) => [row.kind, row.key, row.balance])).toEqual([
      ['LINE', 'line-1', -50],
      ['CLOSING', 'closing', -50],
    ]);
  });
});

describe('balanceStanding', () => {
  it('reads a balance below 0 as the buyer’s credit, shown as a positive amount', () => {
    expect(balanceStanding(-50)).toEqual({ word: 'Alacaklı', amount: 50, color: 'teal' });
    expect(balanceStanding(1226)).toEqual({ word: 'Borçlu', amount: 1226, color: 'red' });
    expect(balanceStanding(0)).toEqual({ word: 'Borcu yok', amount: 0, color: 'gray' });
  });
});

describe('statement ranges', () => {
  it('opens on the last 30 Istanbul days, today included', () => {
    // 21:30 UTC is already the next day in Istanbul.
    expect(lastThirtyDays(new Date('2026-11-23T21:30:00Z'))).toEqual({
      from: '2026-10-26',
      to: '2026-11-24',
    });
  });

  it('offers ranges that all end today', () => {
    const ranges = quickRanges(new Date('2026-03-15T09:00:00Z'));
    expect(ranges.map((quick) => quick.range)).toEqual([
      { from: '2026-02-14', to: '2026-03-15' },
      { from: '2026-03-01', to: '2026-03-15' },
      { from: '2025-12-16', to: '2026-03-15' },
      { from: '2026-01-01', to: '2026-03-15' },
    ]);
  });
});
