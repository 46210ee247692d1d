import type {
  CreateMilkDeliveryBody,
  CreateMilkDriverBody,
  CreateMilkVehicleBody,
  MilkDelivery,
  MilkDeliveryPage,
  MilkDriver,
  MilkSummary,
  MilkVehicle,
  UpdateMilkDeliveryBody,
  UpdateMilkDriverBody,
  UpdateMilkVehicleBody,
} from '@mandira/contract/milk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createOrUpdate, get, queryString, unwrap } from '../../api/client.ts';
import { fetchEveryPage } from '../../api/every-page.ts';
import { apiQuery, useApiMutation } from '../../api/query.ts';
import { MILK_KEY } from '../../api/query-keys.ts';

const BASE = '/production/milk-delivery';

// Deliveries show plates and driver names and the figures sum deliveries: a change to any milk
// record may change every milk list, so every save reloads everything under ['milk'].
const MILK = MILK_KEY;

/** A range of Istanbul days, 'YYYY-MM-DD', both ends included. */
export type DayRange = { from: string; to: string };

/** The milk vehicle as it is now, for a form whose save found it changed (`lib/forms/stale-record.tsx`). */
export const fetchMilkVehicle = (vehicle: MilkVehicle) =>
  unwrap(get<MilkVehicle>(`${BASE}/vehicles/${vehicle.id}`));

/** The milk driver as it is now, for the same. */
export const fetchMilkDriver = (driver: MilkDriver) =>
  unwrap(get<MilkDriver>(`${BASE}/drivers/${driver.id}`));

export function useMilkVehicles() {
  return useQuery(apiQuery<MilkVehicle[]>([...MILK, 'vehicles'], `${BASE}/vehicles`));
}

export function useMilkDrivers() {
  return useQuery(apiQuery<MilkDriver[]>([...MILK, 'drivers'], `${BASE}/drivers`));
}

const deliveriesPath = (range: DayRange, page: number, size: number) =>
  `${BASE}/deliveries${queryString({ ...range, page, size })}`;

/** One page of the range's deliveries, newest first, paged by the server (decision 111). */
export function useMilkDeliveries(range: DayRange, page: number, size: number) {
  return useQuery({
    ...apiQuery<MilkDeliveryPage>(
      [...MILK, 'deliveries', range, page, size],
      deliveriesPath(range, page, size),
    ),
    // Changing the range or the page keeps the old rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Every delivery of the range, read page by page: the Excel file. */
export function fetchEveryDelivery(range: DayRange): Promise<MilkDelivery[]> {
  return fetchEveryPage<MilkDeliveryPage, MilkDelivery>(
    (page, size) => deliveriesPath(range, page, size),
    (answer) => ({ rows: answer.deliveries, totalPages: answer.totalPages }),
  );
}

export function useMilkSummary(range: DayRange) {
  return useQuery({
    ...apiQuery<MilkSummary>([...MILK, 'summary', range], `${BASE}/summary${queryString(range)}`),
    placeholderData: keepPreviousData,
  });
}

export function useSaveMilkVehicle() {
  return useApiMutation(
    createOrUpdate<CreateMilkVehicleBody | UpdateMilkVehicleBody, MilkVehicle>(`${BASE}/vehicles`),
    {
      invalidates: [MILK],
    },
  );
}

export function useSaveMilkDriver() {
  return useApiMutation(
    createOrUpdate<CreateMilkDriverBody | UpdateMilkDriverBody, MilkDriver>(`${BASE}/drivers`),
    {
      invalidates: [MILK],
    },
  );
}

export function useSaveMilkDelivery() {
  return useApiMutation(
    createOrUpdate<CreateMilkDeliveryBody | UpdateMilkDeliveryBody, MilkDelivery>(`${BASE}/deliveries`),
    { invalidates: [MILK] },
  );
}
