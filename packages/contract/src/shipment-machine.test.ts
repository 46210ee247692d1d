import { describe, expect, it } from 'vitest';
import {
  SHIPMENT_ACTIONS,
  SHIPMENT_STATUSES,
  type ShipmentContext,
  shipmentMachine,
  weighingOf,
  weightWarningOf,
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

describe('the weighbridge verdict', () => {
  it('gives the difference in %, and whether it is outside tolerance or above capacity', () => {
    expect(weighingOf(context(), 10.5)).toEqual({
      differencePercent: 5,
      outsideTolerance: false,
      overCapacity: false,
    });
    expect(weighingOf(context(), 12)).toMatchObject({ differencePercent: 20, outsideTolerance: true });
    expect(weighingOf(context(), 18.5)).toMatchObject({ overCapacity: true });
    // Unknown weights (pieces) and an unset capacity are not judged.
    expect(weighingOf(context({ expectedWeightComplete: false, vehicleCapacityInTons: 0 }), 50)).toEqual({
      differencePercent: null,
      outsideTolerance: false,
      overCapacity: false,
    });
  });

  it('warns a weighed shipment out of bounds with the next step, and nothing otherwise', () => {
    expect(weightWarningOf(context({ loadedWeightInTons: null }))).toBeNull();
    expect(weightWarningOf(context({ loadedWeightInTons: 10.9 }))).toBeNull();
    expect(weightWarningOf(context({ loadedWeightInTons: 12 }))).toBe(
      "Tartım tolerans dışında: beklenen 10,000 ton, tartılan 12,000 ton (%20 fark; izin verilen %10). Sevkiyat bu ağırlıkla yola çıkamaz; 'Yeniden Kontrol Et' ile yükü yeniden kontrol edip aracı tekrar tartınız.",
    );
    expect(weightWarningOf(context({ loadedWeightInTons: 19 }))).toMatch(
      /^Tartılan yük aracın kapasitesini aşıyor: tartılan yük 19,000 ton, aracın kapasitesi 18,000 ton\./,
    );
  });
});
