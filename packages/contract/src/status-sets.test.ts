import { describe, expect, it } from 'vitest';
import { MY_WORK_STATUSES } from './my-work.ts';
import {
  ACCEPTED_ITEM_STATUSES,
  APPROVED_ITEM_STATUSES,
  CANCEL_ACTION_OF_STATUS,
  CANCELED_ITEM_STATUSES,
  CANCELED_ORDER_STATUSES,
  FINISHED_ITEM_STATUSES,
  FINISHED_ORDER_STATUSES,
  LOADED_ITEM_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  orderItemMachine,
  orderMachine,
  RESERVING_ITEM_STATUSES,
  SHIPPING_ITEM_STATUSES,
  WAREHOUSE_ITEM_STATUSES,
  WAREHOUSE_ORDER_STATUSES,
} from './order-machines.ts';
import { CLOSED_SHIPMENT_STATUSES, isOpenShipment, shipmentMachine } from './shipment-machine.ts';

// The server's SQL and the web's filters read these sets; a change to a machine that moves one shows here.
describe('the status sets the machines give', () => {
  it('splits the orders into open and finished, the finished being the statuses no action leaves', () => {
    expect(OPEN_ORDER_STATUSES).toEqual(['WAITING_FOR_REVIEW', 'IN_REVIEW', 'IN_PROGRESS']);
    expect(FINISHED_ORDER_STATUSES).toEqual(['CANCELED_BY_SELLER', 'CANCELED_BY_BUYER', 'COMPLETED']);
    expect([...OPEN_ORDER_STATUSES, ...FINISHED_ORDER_STATUSES].sort()).toEqual([...ORDER_STATUSES].sort());
    for (const status of FINISHED_ORDER_STATUSES) expect(orderMachine.actionsFrom(status)).toEqual([]);
    expect(CANCELED_ORDER_STATUSES).toEqual(['CANCELED_BY_SELLER', 'CANCELED_BY_BUYER']);
    expect(CANCELED_ORDER_STATUSES).toEqual(Object.keys(CANCEL_ACTION_OF_STATUS));
    for (const status of CANCELED_ORDER_STATUSES) expect(FINISHED_ORDER_STATUSES).toContain(status);
  });

  it('works the warehouse on the orders the forwards to it lead to, as Ana Sayfa counts them', () => {
    expect(WAREHOUSE_ORDER_STATUSES).toEqual(['IN_PROGRESS']);
    expect(WAREHOUSE_ORDER_STATUSES).toEqual([MY_WORK_STATUSES.orderInWarehouse]);
  });

  it('names the item statuses each screen and each sum works on', () => {
    expect(APPROVED_ITEM_STATUSES).toEqual(['APPROVED', 'APPROVED_PARTIALLY']);
    expect(WAREHOUSE_ITEM_STATUSES).toEqual([
      'WAITING_FOR_WAREHOUSE_OPERATION',
      'PREPARING',
      'PREPARED_WAITING_FOR_LOADING',
      'LOADING',
    ]);
    expect(LOADED_ITEM_STATUSES).toEqual([
      'LOADED_TO_TRUCK_FROM_WAREHOUSE',
      'LOAD_STATUS_ACCEPTED',
      'DELIVERED_TO_BUYER',
    ]);
    expect(SHIPPING_ITEM_STATUSES).toEqual(['LOADED_TO_TRUCK_FROM_WAREHOUSE', 'LOAD_STATUS_ACCEPTED']);
    expect(FINISHED_ITEM_STATUSES).toEqual(['CANCELED', 'DELIVERED_TO_BUYER']);
    expect(CANCELED_ITEM_STATUSES).toEqual(['CANCELED']);
    expect(ACCEPTED_ITEM_STATUSES).toEqual(['LOAD_STATUS_ACCEPTED']);
    expect(orderItemMachine.finalStatuses).toEqual(['DELIVERED_TO_BUYER']);
  });

  it('reserves stock for every item neither canceled nor loaded, in the order the index lists them', () => {
    expect(RESERVING_ITEM_STATUSES).toEqual([
      'WAITING_FOR_APPROVAL',
      'APPROVED',
      'APPROVED_PARTIALLY',
      'WAITING_FOR_WAREHOUSE_OPERATION',
      'PREPARING',
      'PREPARED_WAITING_FOR_LOADING',
      'LOADING',
    ]);
    expect(ORDER_ITEM_STATUSES.filter((status) => !RESERVING_ITEM_STATUSES.includes(status))).toEqual([
      'CANCELED',
      ...LOADED_ITEM_STATUSES,
    ]);
  });

  it('closes a shipment only when it is delivered', () => {
    expect(CLOSED_SHIPMENT_STATUSES).toEqual(['DELIVERED']);
    expect(shipmentMachine.finalStatuses).toEqual(CLOSED_SHIPMENT_STATUSES);
    expect(isOpenShipment('RETURNING_TO_WAREHOUSE')).toBe(true);
    expect(isOpenShipment('DELIVERED')).toBe(false);
  });
});
