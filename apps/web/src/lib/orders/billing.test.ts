import { ORDER_STATUSES } from '@mandira/contract/order-machines';
import { describe, expect, it } from 'vitest';
import { isBilled } from './billing.ts';

describe('what an order has billed', () => {
  it('bills nothing while the order waits for or is in review, and its dealt total once review ends', () => {
    const billed = ORDER_STATUSES.filter((name) => isBilled({ name }));
    expect(billed).toEqual(['IN_PROGRESS', 'CANCELED_BY_SELLER', 'CANCELED_BY_BUYER', 'COMPLETED']);
  });
});
