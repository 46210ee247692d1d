import { describe, expect, it } from 'vitest';
import { addDays, istanbulDate } from './istanbul-time.ts';
import { OrderQuery } from './order-query.ts';
import { ApplyToOrderBody, PAST_SHIPMENT_DAY_MESSAGE, shipmentDay } from './orders.ts';

const today = istanbulDate(new Date());
const shown = (iso: string) => iso.split('-').reverse().join('-');

describe('planned shipment day', () => {
  it('reads the day as the modal shows it (dd-MM-yyyy) or as ISO, and answers ISO', () => {
    expect(shipmentDay.parse('25-12-2026')).toBe('2026-12-25');
    expect(shipmentDay.parse('2026-12-25')).toBe('2026-12-25');
    expect(shipmentDay.parse('2026-12-25T00:00:00')).toBe('2026-12-25');
  });

  it('refuses what is not a real day', () => {
    for (const text of ['31-02-2026', '2026-13-01', '25/12', 'yarın', '']) {
      expect(shipmentDay.safeParse(text).success, text).toBe(false);
    }
  });

  it('places an order for today or later, never for a past day', () => {
    expect(
      ApplyToOrderBody.parse({ buyerId: 1, plannedShipmentDate: shown(today) }).plannedShipmentDate,
    ).toBe(today);
    const past = ApplyToOrderBody.safeParse({ buyerId: 1, plannedShipmentDate: shown(addDays(today, -1)) });
    expect(past.error?.issues[0]?.message).toBe(PAST_SHIPMENT_DAY_MESSAGE);
  });
});

describe('order query', () => {
  it('takes order numbers, as text of digits too, and buyer codes as lists', () => {
    expect(OrderQuery.parse({ buyerCodes: ['M-1', ' M-2 '], orderNumbers: ['17', 18] })).toMatchObject({
      buyerCodes: ['M-1', 'M-2'],
      orderNumbers: [17, 18],
    });
    expect(OrderQuery.safeParse({ buyerCodes: 'M-1,M-2' }).success).toBe(false);
  });

  it('treats filters left out, null or empty lists as unused, so an empty query is every order', () => {
    expect(
      OrderQuery.parse({
        orderNumbers: [],
        buyerCodes: null,
        orderStatuses: null,
        minAmount: null,
        fromCreateDate: null,
      }),
    ).toEqual({});
    expect(OrderQuery.parse(undefined)).toEqual({});
  });

  it('refuses an unknown status and a range that ends before it starts', () => {
    expect(OrderQuery.safeParse({ orderStatuses: ['SHIPPED'] }).success).toBe(false);
    expect(OrderQuery.safeParse({ fromCreateDate: '2026-11-20', toCreateDate: '2026-11-19' }).success).toBe(
      false,
    );
    expect(OrderQuery.safeParse({ minAmount: 10, maxAmount: 5 }).success).toBe(false);
  });
});
