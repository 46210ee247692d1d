import { describe, expect, it } from 'vitest';
import {
  type OrderContext,
  type OrderItemContext,
  type OrderItemStatus,
  type OrderStatus,
  orderItemMachine,
  orderMachine,
} from './order-machines.ts';
import { defineMachine, type Machine, TransitionRefused } from './state-machine.ts';

/**
 * The tables of docs/domain/orders.md written out by hand: every step a machine allows, and nothing else.
 * A step missing from the contract, or one it adds, fails the walk below.
 */
const ORDER_STEPS: [OrderStatus, string, OrderStatus][] = [
  ['WAITING_FOR_REVIEW', 'FORWARD_TO_IN_REVIEW', 'IN_REVIEW'],
  ['WAITING_FOR_REVIEW', 'CANCEL_BY_SELLER', 'CANCELED_BY_SELLER'],
  ['WAITING_FOR_REVIEW', 'CANCEL_BY_BUYER', 'CANCELED_BY_BUYER'],
  ['IN_REVIEW', 'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION', 'IN_PROGRESS'],
  ['IN_REVIEW', 'FORWARD_TO_WAREHOUSE_OPERATION', 'IN_PROGRESS'],
  ['IN_REVIEW', 'COMPLETE', 'COMPLETED'],
  ['IN_REVIEW', 'CANCEL_BY_SELLER', 'CANCELED_BY_SELLER'],
  ['IN_REVIEW', 'CANCEL_BY_BUYER', 'CANCELED_BY_BUYER'],
  ['IN_PROGRESS', 'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION', 'IN_PROGRESS'],
  ['IN_PROGRESS', 'COMPLETE', 'COMPLETED'],
  ['IN_PROGRESS', 'CANCEL_BY_SELLER', 'CANCELED_BY_SELLER'],
  ['IN_PROGRESS', 'CANCEL_BY_BUYER', 'CANCELED_BY_BUYER'],
];

const WAREHOUSE_OPEN: OrderItemStatus[] = [
  'WAITING_FOR_WAREHOUSE_OPERATION',
  'PREPARING',
  'PREPARED_WAITING_FOR_LOADING',
  'LOADING',
];
const ITEM_STEPS: [OrderItemStatus, string, OrderItemStatus][] = [
  ['WAITING_FOR_APPROVAL', 'APPROVE', 'APPROVED'],
  ['CANCELED', 'APPROVE', 'APPROVED'],
  ['WAITING_FOR_APPROVAL', 'APPROVE_PARTIALLY', 'APPROVED_PARTIALLY'],
  ['CANCELED', 'APPROVE_PARTIALLY', 'APPROVED_PARTIALLY'],
  ['WAITING_FOR_APPROVAL', 'CANCEL', 'CANCELED'],
  ['APPROVED', 'CANCEL', 'CANCELED'],
  ['APPROVED_PARTIALLY', 'CANCEL', 'CANCELED'],
  ['APPROVED', 'FORWARD_TO_WAREHOUSE', 'WAITING_FOR_WAREHOUSE_OPERATION'],
  ['APPROVED_PARTIALLY', 'FORWARD_TO_WAREHOUSE', 'WAITING_FOR_WAREHOUSE_OPERATION'],
  ['WAITING_FOR_WAREHOUSE_OPERATION', 'TAKE_BACK_FROM_WAREHOUSE', 'WAITING_FOR_APPROVAL'],
  ['WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING', 'PREPARING'],
  ['PREPARING', 'PREPARED_WAITING_FOR_LOADING', 'PREPARED_WAITING_FOR_LOADING'],
  ['PREPARED_WAITING_FOR_LOADING', 'LOADING', 'LOADING'],
  ['LOADING', 'LOAD_ITEM_TO_TRUCK', 'LOADING'],
  ['LOADING', 'LOADED_TO_TRUCK_FROM_WAREHOUSE', 'LOADED_TO_TRUCK_FROM_WAREHOUSE'],
  ['LOADING', 'LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY', 'LOADED_TO_TRUCK_FROM_WAREHOUSE'],
  ...WAREHOUSE_OPEN.map((from): [OrderItemStatus, string, OrderItemStatus] => [
    from,
    'SEND_BACK_FROM_WAREHOUSE',
    'WAITING_FOR_APPROVAL',
  ]),
  ['LOADED_TO_TRUCK_FROM_WAREHOUSE', 'ACCEPT_LOAD_STATUS', 'LOAD_STATUS_ACCEPTED'],
  ['LOADED_TO_TRUCK_FROM_WAREHOUSE', 'REJECT_LOAD_STATUS', 'LOADING'],
  ['LOAD_STATUS_ACCEPTED', 'REJECT_LOAD_STATUS', 'LOADING'],
  ['LOAD_STATUS_ACCEPTED', 'DELIVER', 'DELIVERED_TO_BUYER'],
  ...(['WAITING_FOR_APPROVAL', 'APPROVED', 'APPROVED_PARTIALLY', ...WAREHOUSE_OPEN] as const).map(
    (from): [OrderItemStatus, string, OrderItemStatus] => [from, 'CANCEL_WITH_ORDER', 'CANCELED'],
  ),
];

function walk<S extends string, A extends string, C>(machine: Machine<S, A, C>, steps: [S, string, S][]) {
  for (const status of machine.statuses) {
    for (const action of machine.actions) {
      const step = steps.find(([from, by]) => from === status && by === action);
      if (step) {
        expect(machine.next(status, action), `${status} ${action}`).toBe(step[2]);
        continue;
      }
      const refused = refusalOf(() => machine.next(status, action));
      expect(refused.message, `${status} ${action}`).toContain(
        `'${machine.statusLabel(status)}' (${status})`,
      );
      expect(refused.message).toContain(`'${machine.actionLabel(action)}' (${action})`);
      expect(refused.code).toBe('INVALID_TRANSITION');
    }
    const listed = steps.filter(([from]) => from === status).map(([, by]) => by);
    expect([...machine.actionsFrom(status)].sort(), status).toEqual([...listed].sort());
  }
  // Every step leads to a status of the machine, and every status and action has a Turkish label.
  for (const [, , to] of steps) expect(machine.statuses).toContain(to);
}

function refusalOf(step: () => unknown): TransitionRefused {
  try {
    step();
  } catch (error) {
    if (error instanceof TransitionRefused) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const item = (overrides: Partial<OrderItemContext> = {}): OrderItemContext => ({
  orderStatus: 'IN_REVIEW',
  orderedQuantity: 24,
  quantity: 24,
  quantityInBox: 6,
  loadedQuantity: 0,
  ...overrides,
});
const order = (itemStatuses: OrderItemStatus[], loadedQuantity = 0): OrderContext => ({
  itemStatuses,
  loadedQuantity,
});

describe('state machines walk their tables exhaustively', () => {
  it('orders allow exactly the documented steps and refuse every other pair, naming both', () => {
    walk(orderMachine, ORDER_STEPS);
  });

  it('order items allow exactly the documented steps and refuse every other pair, naming both', () => {
    walk(orderItemMachine, ITEM_STEPS);
  });

  it('a machine of any table refuses an unknown pair with one message', () => {
    const door = defineMachine<'OPEN' | 'SHUT', 'CLOSE' | 'OPEN_UP'>({
      subject: 'Kapı',
      statusLabels: { OPEN: 'Açık', SHUT: 'Kapalı' },
      actionLabels: { CLOSE: 'Kapat', OPEN_UP: 'Aç' },
      table: { OPEN: { CLOSE: { to: 'SHUT' } }, SHUT: { OPEN_UP: { to: 'OPEN' } } },
    });
    expect(door.next('OPEN', 'CLOSE')).toBe('SHUT');
    expect(refusalOf(() => door.next('SHUT', 'CLOSE')).message).toBe(
      "'Kapalı' (SHUT) durumundaki kapı için 'Kapat' (CLOSE) işlemi yapılamaz.",
    );
  });
});

describe('order guards', () => {
  it('forwards approved items only when one is approved, and all of them only once none waits', () => {
    expect(orderMachine.actionsFrom('IN_REVIEW', order(['WAITING_FOR_APPROVAL', 'APPROVED']))).toEqual([
      'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION',
      'CANCEL_BY_SELLER',
      'CANCEL_BY_BUYER',
    ]);
    expect(orderMachine.actionsFrom('IN_REVIEW', order(['CANCELED', 'APPROVED_PARTIALLY']))).toEqual([
      'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION',
      'FORWARD_TO_WAREHOUSE_OPERATION',
      'CANCEL_BY_SELLER',
      'CANCEL_BY_BUYER',
    ]);
    expect(
      refusalOf(() =>
        orderMachine.next('IN_REVIEW', 'FORWARD_TO_WAREHOUSE_OPERATION', order(['WAITING_FOR_APPROVAL'])),
      ).message,
    ).toMatch(/onay bekleyen kalemler var$/);
    expect(
      refusalOf(() =>
        orderMachine.next('IN_REVIEW', 'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION', order(['CANCELED'])),
      ).message,
    ).toMatch(/onaylanmış kalem yok$/);
  });

  it('completes only with at least one item, every one delivered or canceled', () => {
    expect(orderMachine.allows('IN_PROGRESS', 'COMPLETE', order(['DELIVERED_TO_BUYER', 'CANCELED']))).toBe(
      true,
    );
    expect(orderMachine.allows('IN_PROGRESS', 'COMPLETE', order(['DELIVERED_TO_BUYER', 'LOADING']))).toBe(
      false,
    );
    expect(orderMachine.allows('IN_PROGRESS', 'COMPLETE', order([]))).toBe(false);
  });

  it('cancels an order only while nothing is loaded', () => {
    expect(orderMachine.allows('IN_PROGRESS', 'CANCEL_BY_BUYER', order(['PREPARING']))).toBe(true);
    expect(orderMachine.allows('IN_PROGRESS', 'CANCEL_BY_BUYER', order(['LOADING'], 6))).toBe(false);
    expect(orderMachine.allows('IN_PROGRESS', 'CANCEL_BY_SELLER', order(['LOAD_STATUS_ACCEPTED']))).toBe(
      false,
    );
  });
});

describe('order item guards', () => {
  it('refuses review actions while the order waits for review or is finished', () => {
    for (const orderStatus of ['WAITING_FOR_REVIEW', 'COMPLETED', 'CANCELED_BY_SELLER'] as const) {
      expect(orderItemMachine.actionsFrom('WAITING_FOR_APPROVAL', item({ orderStatus }))).toEqual([
        'CANCEL_WITH_ORDER',
      ]);
    }
    expect(
      orderItemMachine.actionsFrom('WAITING_FOR_APPROVAL', item({ orderStatus: 'IN_PROGRESS' })),
    ).toEqual(['APPROVE', 'APPROVE_PARTIALLY', 'CANCEL', 'CANCEL_WITH_ORDER']);
    expect(
      refusalOf(() =>
        orderItemMachine.next('WAITING_FOR_APPROVAL', 'APPROVE', item({ orderStatus: 'WAITING_FOR_REVIEW' })),
      ).message,
    ).toContain("sipariş 'İnceleme Bekliyor' durumundayken kalem incelenemez");
  });

  it('offers a partial approval only when the ordered pieces make more than one whole box', () => {
    expect(orderItemMachine.allows('CANCELED', 'APPROVE_PARTIALLY', item({ orderedQuantity: 12 }))).toBe(
      true,
    );
    expect(orderItemMachine.allows('CANCELED', 'APPROVE_PARTIALLY', item({ orderedQuantity: 11 }))).toBe(
      false,
    );
    expect(orderItemMachine.allows('CANCELED', 'APPROVE_PARTIALLY', item({ quantityInBox: 0 }))).toBe(false);
  });

  it('runs warehouse steps only while the order is in progress', () => {
    expect(orderItemMachine.allows('WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING', item())).toBe(false);
    expect(
      orderItemMachine.allows(
        'WAITING_FOR_WAREHOUSE_OPERATION',
        'PREPARING',
        item({ orderStatus: 'IN_PROGRESS' }),
      ),
    ).toBe(true);
  });

  it('finishes loading fully, partly or sends back according to the loaded pieces', () => {
    const loading = (loadedQuantity: number) =>
      orderItemMachine.actionsFrom('LOADING', item({ orderStatus: 'IN_PROGRESS', loadedQuantity }));
    expect(loading(0)).toEqual(['LOAD_ITEM_TO_TRUCK', 'SEND_BACK_FROM_WAREHOUSE', 'CANCEL_WITH_ORDER']);
    expect(loading(6)).toEqual(['LOAD_ITEM_TO_TRUCK', 'LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY']);
    expect(loading(24)).toEqual(['LOAD_ITEM_TO_TRUCK', 'LOADED_TO_TRUCK_FROM_WAREHOUSE']);
  });

  it('rejects a load only before its shipment leaves', () => {
    const context = item({ orderStatus: 'IN_PROGRESS', loadedQuantity: 24 });
    expect(orderItemMachine.allows('LOAD_STATUS_ACCEPTED', 'REJECT_LOAD_STATUS', context)).toBe(true);
    expect(
      orderItemMachine.allows('LOAD_STATUS_ACCEPTED', 'REJECT_LOAD_STATUS', { ...context, onDelivery: true }),
    ).toBe(false);
  });
});
