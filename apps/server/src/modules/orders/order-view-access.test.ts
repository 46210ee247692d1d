import { listOrdersOfView } from '@mandira/contract/operations/orders';
import { describe, expect, it } from 'vitest';
import { ORDER_VIEW_ACCESS } from './order-query.service.ts';

describe('the order lists of the screens', () => {
  it('let in, as their declared access, every privilege some screen needs', () => {
    expect([...listOrdersOfView.access].sort()).toEqual([...ORDER_VIEW_ACCESS].sort());
  });
});
