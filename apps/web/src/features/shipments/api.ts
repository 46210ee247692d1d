import type { OperationBody } from '@mandira/contract/operation';
import * as shipments from '@mandira/contract/operations/shipments';
import type { ShipmentStatus } from '@mandira/contract/shipment-machine';
import { MAX_SHIPMENT_PAGE_SIZE, type Shipment } from '@mandira/contract/shipments';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { asPage } from '../../api/answer-shape.ts';
import { ApiRequestError, callApi, createOrUpdateOf } from '../../api/client.ts';

import { fetchEveryPage } from '../../api/every-page.ts';
import { FLEET_KEY, SHIPMENTS_KEY } from '../../api/fleet.ts';
import { operationQuery, useApiMutation } from '../../api/query.ts';

// A shipment holds its vehicle and driver, and its steps set the driver's status: writes here
// reload the fleet lists as well.
const CHANGED = [SHIPMENTS_KEY, FLEET_KEY] as const;

/** The list's filters, all applied by the server; dates are Istanbul days of creation. */
export type ShipmentFilters = {
  status?: ShipmentStatus;
  /** Only the trucks carrying a load that waits for the shipping staff's acceptance. */
  awaitingAcceptance?: true;
  cityPlateCode?: number;
  vehicleId?: number;
  from?: string;
  to?: string;
};

export const SHIPMENT_PAGE_SIZE = 50;
/** The Excel file holds at most this many shipments; a larger set is narrowed by the filters first. */
export const SHIPMENT_EXPORT_LIMIT = 20_000;

/** One page of the shipments matching the filters, newest first, with their count. */
export function useShipmentPage(filters: ShipmentFilters, page: number) {
  return useQuery({
    ...operationQuery(SHIPMENTS_KEY, shipments.listShipments, {
      query: { ...filters, page, size: SHIPMENT_PAGE_SIZE },
    }),
    select: asPage,
    // Another page or filter keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/**
 * Every shipment matching the filters, page by page, for the Excel file. Above SHIPMENT_EXPORT_LIMIT, or
 * past the 10,000 the count stops at, nothing is exported and the user is told to narrow the filters: a
 * file is never cut silently.
 */
export function fetchAllShipments(filters: ShipmentFilters): Promise<Shipment[]> {
  return fetchEveryPage(
    (page) => callApi(shipments.listShipments, { query: { ...filters, page, size: MAX_SHIPMENT_PAGE_SIZE } }),
    (pageAnswer) => {
      const answer = asPage(pageAnswer);
      // The first page already tells the whole count: nothing more is read for a file that would be refused.
      // A count that stopped at 10,000 (decision 149) is more than the pages reach: refused the same way.
      if (answer.countCapped || answer.count > SHIPMENT_EXPORT_LIMIT) {
        const count = answer.count.toLocaleString('tr-TR');
        const limit = Math.min(answer.count, SHIPMENT_EXPORT_LIMIT).toLocaleString('tr-TR');
        throw new ApiRequestError({
          code: 'VALIDATION',
          message: `Filtreye uyan ${answer.countCapped ? `${count}'den fazla` : count} sevkiyat var; Excel en fazla ${limit} sevkiyat alır. Filtreyi daraltın.`,
        });
      }
      return { rows: answer.shipments, totalPages: answer.totalPages };
    },
  );
}

export function useSaveShipment() {
  return useApiMutation(createOrUpdateOf(shipments.createShipment, shipments.updateShipment), {
    invalidates: CHANGED,
  });
}

/** `applyShipmentAction`: any step of the shipment machine by name. */
export function useShipmentAction() {
  return useApiMutation(
    ({ id, ...body }: OperationBody<typeof shipments.applyShipmentAction> & { id: number }) =>
      callApi(shipments.applyShipmentAction, { params: { id }, body }),
    { invalidates: CHANGED },
  );
}
