import type { ShipmentAction, ShipmentStatus } from '@mandira/contract/shipment-machine';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { deliverCarriedItems, returnCarriedItems, transferLoads } from '../loading/shipment-delivery.ts';

/** What an effect is told: the shipment, the step it took and the request's extra fields. */
export type ShipmentEffectInput = {
  tx: Tx;
  actor: Actor;
  shipmentId: number;
  from: ShipmentStatus;
  to: ShipmentStatus;
  /** TRANSFER_TO_ANOTHER: the shipment (locked, LOADING) that takes the loads. */
  targetShipmentId?: number;
};

export type ShipmentEffect = (input: ShipmentEffectInput) => Promise<void>;

/**
 * What an action does beyond the shipment's and the driver's status (decision 70), run in the same
 * transaction right after the status is written; an effect that throws undoes the whole step.
 */
export const SHIPMENT_EFFECTS: Partial<Record<ShipmentAction, ShipmentEffect>> = {
  // START_DELIVERY: the weighbridge check is the machine's guard, on the expected weight of the loads.
  COMPLETE_DELIVERY: ({ tx, actor, shipmentId }) => deliverCarriedItems(tx, actor, shipmentId),
  DO_PARKING: ({ tx, actor, shipmentId, from }) =>
    from === 'RETURNING_TO_WAREHOUSE' ? returnCarriedItems(tx, actor, shipmentId) : Promise.resolve(),
  TRANSFER_TO_ANOTHER: ({ tx, shipmentId, targetShipmentId }) =>
    transferLoads(tx, shipmentId, targetShipmentId!),
};
