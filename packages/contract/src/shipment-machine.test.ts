import { describe, expect, it } from 'vitest';
import {
  SHIPMENT_ACTIONS,
  SHIPMENT_STATUSES,
  type ShipmentContext,
  shipmentMachine,
} from './shipment-machine.ts';

const context = (overrides: Partial<ShipmentContext> = {}): ShipmentContext => ({
  loadCount: 2,
  allLoadedItemsAccepted: true,
  expectedWeightInTons: 10,
  expectedWeightComplete: true,
  loadedWeightInTons: 10,
  vehicleCapacityInTons: 18,
  weighbridgeTolerancePercent: 10,
  ...overrides,
});

describe('the shipment machine', () => {
  it('labels every status and action in Turkish', () => {
    expect(SHIPMENT_STATUSES).toHaveLength(10);
    expect(shipmentMachine.statusLabel('DELIVERED')).toBe('Teslim Edildi');
    for (const action of SHIPMENT_ACTIONS) expect(shipmentMachine.actionLabel(action)).not.toBe(action);
  });

  it('ends in DELIVERED', () => {
    expect(shipmentMachine.actionsFrom('DELIVERED', context())).toEqual([]);
  });

  it('needs loads to check, and accepted loads to finish the check', () => {
    expect(shipmentMachine.allows('LOADING', 'START_LOAD_CHECK', context({ loadCount: 0 }))).toBe(false);
    expect(
      shipmentMachine.allows('LOAD_CHECK', 'FINISH_LOAD_CHECK', context({ allLoadedItemsAccepted: false })),
    ).toBe(false);
    expect(shipmentMachine.actionsFrom('LOAD_CHECK', context())).toEqual([
      'RESUME_LOADING',
      'FINISH_LOAD_CHECK',
      'TRANSFER_TO_ANOTHER',
    ]);
  });

  it.each([
    [{ loadedWeightInTons: null }, false],
    [{ loadedWeightInTons: 11 }, true],
    [{ loadedWeightInTons: 11.01 }, false],
    [{ loadedWeightInTons: 8.99 }, false],
    [{ loadedWeightInTons: 5, expectedWeightComplete: false }, true],
    [{ loadedWeightInTons: 19, expectedWeightComplete: false }, false],
    [{ loadedWeightInTons: 19, expectedWeightComplete: false, vehicleCapacityInTons: 0 }, true],
    [{ loadedWeightInTons: 13, weighbridgeTolerancePercent: 30 }, true],
  ])('dispatches on the weighbridge figures %j: %s', (overrides, allowed) => {
    expect(shipmentMachine.allows('LOAD_WEIGHT_CHECK_COMPLETED', 'START_DELIVERY', context(overrides))).toBe(
      allowed,
    );
  });
});
