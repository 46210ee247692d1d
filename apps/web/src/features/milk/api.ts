import type { MilkDelivery, MilkDriver, MilkVehicle } from '@mandira/contract/milk';
import type { OperationBody } from '@mandira/contract/operation';
import * as milk from '@mandira/contract/operations/milk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { asPage } from '../../api/answer-shape.ts';
import { callApi, unwrap } from '../../api/client.ts';
import { fetchEveryPage } from '../../api/every-page.ts';
import { operationQuery, useApiMutation } from '../../api/query.ts';
import { MILK_KEY } from '../../api/query-keys.ts';

// Deliveries show plates and driver names and the figures sum deliveries: a change to any milk
// record may change every milk list, so every save reloads everything under ['milk'].
const MILK = MILK_KEY;

/** A range of Istanbul days, 'YYYY-MM-DD', both ends included. */
export type DayRange = { from: string; to: string };

/** The milk vehicle as it is now, for a form whose save found it changed (`lib/forms/stale-record.tsx`). */
export const fetchMilkVehicle = (vehicle: MilkVehicle) =>
  unwrap(callApi(milk.getMilkVehicle, { params: { id: vehicle.id } }));

/** The milk driver as it is now, for the same. */
export const fetchMilkDriver = (driver: MilkDriver) =>
  unwrap(callApi(milk.getMilkDriver, { params: { id: driver.id } }));

export function useMilkVehicles() {
  return useQuery(operationQuery(MILK, milk.listMilkVehicles));
}

export function useMilkDrivers() {
  return useQuery(operationQuery(MILK, milk.listMilkDrivers));
}

const deliveriesPage = (range: DayRange, page: number, size: number) => ({
  query: { ...range, page, size },
});

/** One page of the range's deliveries, newest first, paged by the server (decision 111). */
export function useMilkDeliveries(range: DayRange, page: number, size: number) {
  return useQuery({
    ...operationQuery(MILK, milk.listMilkDeliveries, deliveriesPage(range, page, size)),
    select: asPage,
    // Changing the range or the page keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Every delivery of the range, read page by page: the Excel file. */
export function fetchEveryDelivery(range: DayRange): Promise<MilkDelivery[]> {
  return fetchEveryPage(
    (page, size) => callApi(milk.listMilkDeliveries, deliveriesPage(range, page, size)),
    (answer) => {
      const page = asPage(answer);
      return { rows: page.deliveries, totalPages: page.totalPages };
    },
  );
}

export function useMilkSummary(range: DayRange) {
  return useQuery({
    ...operationQuery(MILK, milk.getMilkSummary, { query: range }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveMilkVehicle() {
  return useApiMutation(
    (body: OperationBody<typeof milk.createMilkVehicle> | OperationBody<typeof milk.updateMilkVehicle>) =>
      'id' in body && body.id
        ? callApi(milk.updateMilkVehicle, { body })
        : callApi(milk.createMilkVehicle, { body }),
    { invalidates: [MILK] },
  );
}

export function useSaveMilkDriver() {
  return useApiMutation(
    (body: OperationBody<typeof milk.createMilkDriver> | OperationBody<typeof milk.updateMilkDriver>) =>
      'id' in body && body.id
        ? callApi(milk.updateMilkDriver, { body })
        : callApi(milk.createMilkDriver, { body }),
    { invalidates: [MILK] },
  );
}

export function useSaveMilkDelivery() {
  return useApiMutation(
    (body: OperationBody<typeof milk.createMilkDelivery> | OperationBody<typeof milk.updateMilkDelivery>) =>
      'id' in body && body.id
        ? callApi(milk.updateMilkDelivery, { body })
        : callApi(milk.createMilkDelivery, { body }),
    { invalidates: [MILK] },
  );
}
