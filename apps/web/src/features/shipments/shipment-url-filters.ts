import { ACCEPTANCE_QUERY } from '@mandira/contract/my-work';
import { SHIPMENT_STATUSES, type ShipmentStatus } from '@mandira/contract/shipment-machine';
import type { ShipmentFilters as Filters } from './api.ts';

/**
 * The filters the list opens with. A link decides (`?status=`, `?awaitingAcceptance=true`: Ana Sayfa's
 * cards; an unknown status is ignored). Without one, the shipping staff, who accept loads but do not
 * run the shipments, open on the trucks whose loads wait for them (decision 141).
 */
export function shipmentFiltersFromUrl(params: URLSearchParams, acceptsLoadsOnly: boolean): Filters {
  const status = params.get('status');
  const linked: Filters = {
    ...(SHIPMENT_STATUSES.includes(status as ShipmentStatus) ? { status: status as ShipmentStatus } : {}),
    ...(params.get('awaitingAcceptance') === ACCEPTANCE_QUERY.awaitingAcceptance
      ? { awaitingAcceptance: true }
      : {}),
  };
  if (params.size > 0 || !acceptsLoadsOnly) return linked;
  return { awaitingAcceptance: true };
}
