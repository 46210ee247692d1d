import { describe, expect, it } from 'vitest';
import {
  checkOrderFilters,
  DEFAULT_ORDER_FILTERS,
  orderFiltersFromUrl,
  toOrderQuery,
} from './order-filters.ts';

// 23:30 in Istanbul on 10 March 2026: the Istanbul day, not the UTC one, bounds the period.
const NOW = new Date('2026-03-10T20:30:00Z');

describe('order filters', () => {
  it('open with the statuses and the period of the link, ignoring unknown ones', () => {
    const filters = orderFiltersFromUrl(new URLSearchParams('status=WAITING_FOR_REVIEW,NOPE&period=365'));
    expect(filters).toEqual({ ...DEFAULT_ORDER_FILTERS, statuses: ['WAITING_FOR_REVIEW'], periodDays: 365 });
    expect(toOrderQuery(filters, NOW)).toMatchObject({
      orderStatuses: ['WAITING_FOR_REVIEW'],
      fromCreateDate: '2025-03-11',
    });
    expect(orderFiltersFromUrl(new URLSearchParams('period=12'))).toEqual(DEFAULT_ORDER_FILTERS);
  });

  it("open on Ana Sayfa's delivered orders waiting for 'Siparişi Tamamla'", () => {
    const filters = orderFiltersFromUrl(new URLSearchParams('status=IN_PROGRESS&completion=waiting'));
    expect(filters).toEqual({
      ...DEFAULT_ORDER_FILTERS,
      statuses: ['IN_PROGRESS'],
      awaitingCompletion: true,
    });
    expect(toOrderQuery(filters, NOW)).toMatchObject({
      orderStatuses: ['IN_PROGRESS'],
      awaitingCompletion: true,
    });
    expect(toOrderQuery(DEFAULT_ORDER_FILTERS, NOW).awaitingCompletion).toBeUndefined();
  });

  it('open on every order waiting for review and in review, whatever its day', () => {
    expect(toOrderQuery(DEFAULT_ORDER_FILTERS, NOW)).toEqual({
      orderNumbers: undefined,
      buyerCodes: undefined,
      orderStatuses: ['WAITING_FOR_REVIEW', 'IN_REVIEW'],
      fromCreateDate: undefined,
      toCreateDate: undefined,
      minAmount: undefined,
      maxAmount: undefined,
      buyerRequestReferenceCode: undefined,
      awaitingCompletion: undefined,
    });
  });

  it('bound the day only when a period is chosen: today alone is one day', () => {
    const query = toOrderQuery({ ...DEFAULT_ORDER_FILTERS, periodDays: 1 }, NOW);
    expect(query).toMatchObject({ fromCreateDate: '2026-03-10', toCreateDate: '2026-03-10' });
  });

  it('count a period of seven days back from today, today included, and no status as every status', () => {
    const query = toOrderQuery({ ...DEFAULT_ORDER_FILTERS, periodDays: 7, statuses: [] }, NOW);
    expect(query.fromCreateDate).toBe('2026-03-04');
    expect(query.toCreateDate).toBe('2026-03-10');
    expect(query.orderStatuses).toBeUndefined();
  });

  it('pass comma-separated numbers and buyer codes and amounts the contract accepts', () => {
    const checked = checkOrderFilters(
      {
        ...DEFAULT_ORDER_FILTERS,
        orderNumbers: '12, 15',
        buyerCodes: 'M-001,M-002',
        minAmount: 100,
        maxAmount: 2500.5,
      },
      NOW,
    );
    expect(checked.errors).toBeUndefined();
    expect(checked.query).toMatchObject({
      orderNumbers: ['12', '15'],
      buyerCodes: ['M-001', 'M-002'],
      minAmount: 100,
    });
  });

  it('put the contract’s refusals under the field the user typed them in', () => {
    const numbers = checkOrderFilters({ ...DEFAULT_ORDER_FILTERS, orderNumbers: '12, abc' }, NOW);
    expect(numbers.errors).toEqual({
      orderNumbers: 'Sipariş numarası 1 veya daha büyük bir tam sayı olmalıdır.',
    });
    const amounts = checkOrderFilters({ ...DEFAULT_ORDER_FILTERS, minAmount: 500, maxAmount: 100 }, NOW);
    expect(amounts.errors).toEqual({ maxAmount: 'En yüksek tutar en düşük tutardan küçük olamaz.' });
  });
});
