import { COUNT_LIMIT } from '@mandira/contract/paging';
import { SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import {
  SHIPMENT_UNPAGED_LIMIT,
  type Shipment,
  type ShipmentListQuery,
  type ShipmentPage,
} from '@mandira/contract/shipments';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { keptStatusDayCount, keptStatusDayPlace } from '../../db/status-day-counts.ts';
import {
  type Bounded,
  filteredOnlyBy,
  PAGES_PASSED_WITHOUT_EDGE,
  readBounded,
  readCappedPage,
} from '../../http/unpaged-limit.ts';
import { nearestCity } from '../routing/turkish-provinces.ts';
import { SHIPMENT_DAYS } from './kept-figures.ts';
import { countShipments, findShipments, type ShipmentReadSettings } from './shipment.repo.ts';
import {
  createdThrough,
  locatedBuyerWarehouses,
  openOrRecent,
  type ShipmentWhere,
  shipmentConditions,
  statusIs,
} from './shipment-list.repo.ts';

export { SHIPMENTS_AWAITING_ACCEPTANCE } from './shipment-list.repo.ts';

type ListInput = z.output<typeof ShipmentListQuery>;

const DEFAULT_PAGE_SIZE = 20;

/**
 * The buyer warehouses filed under a province: the one whose centre is nearest to their coordinates
 * (as `toCity` of a shipment). The warehouses are the buyers' depots, few and not growing with time,
 * so the shipments are then chosen in SQL by their destination id.
 */
async function warehousesOfCity(db: Db | Tx, plateCode: number): Promise<number[]> {
  const rows = await locatedBuyerWarehouses(db);
  return rows
    .filter((row) => nearestCity(row.latitude, row.longitude)?.plateCode === plateCode)
    .map((row) => row.id);
}

/** The query's filters as conditions on `s`, the shipments row. */
async function conditionsOf(db: Db | Tx, query: ListInput): Promise<ShipmentWhere> {
  const cityWarehouseIds =
    query.cityPlateCode !== undefined ? await warehousesOfCity(db, query.cityPlateCode) : undefined;
  return shipmentConditions(query, cityWarehouseIds);
}

/**
 * `GET /shipments`. With `page` or `size`: that page of the matching shipments and their count, counted
 * up to COUNT_LIMIT, the pages reaching the newest COUNT_LIMIT (decision 149); a page filtered by no more
 * than a status and days is counted from the kept rows of each status and day (decision 192), which
 * also tell a deep page the day of its first shipment, so it is read from that day's end (decision
 * 195). Without them: every matching shipment, bounded when no date range is given to the open ones
 * plus those created in the last SHIPMENT_UNPAGED_DAYS days
 * (docs/decisions/0110-shipment-list-pages-filters-sql-unpaged-bounded.md), and then at most the newest
 * SHIPMENT_UNPAGED_LIMIT with how many matched (decision 149).
 */
export async function listShipments(
  db: Db | Tx,
  query: ListInput,
  settings: ShipmentReadSettings,
): Promise<Bounded<Shipment> | ShipmentPage> {
  const where = await conditionsOf(db, query);
  if (query.page === undefined && query.size === undefined) {
    const bounded = query.from === undefined && query.to === undefined ? openOrRecent(where) : where;
    return newestShipments(db, bounded, settings);
  }
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  // Filtered by no more than a status and days: counted from the kept rows of each status and day, and
  // a deep page's first day found from them too (decisions 192 and 195).
  const onlyStatusAndDays = filteredOnlyBy(query, ['status', 'from', 'to']);
  const statuses = query.status ? [query.status] : SHIPMENT_STATUSES;
  const days = { from: query.from, to: query.to };
  const offset = (page - 1) * size;
  const kept =
    onlyStatusAndDays && offset > PAGES_PASSED_WITHOUT_EDGE * size
      ? await keptStatusDayPlace(db, SHIPMENT_DAYS, statuses, days, offset)
      : undefined;
  const { rows, totalPages, ...figures } = await readCappedPage(
    page,
    size,
    kept
      ? async () => kept.count
      : onlyStatusAndDays
        ? () => keptStatusDayCount(db, SHIPMENT_DAYS, statuses, days)
        : (limit) => countShipments(db, where, limit),
    (limit, offset) =>
      kept?.edgeDay
        ? findShipments(db, createdThrough(where, kept.edgeDay), settings, {
            limit,
            offset: offset - (kept.passed ?? 0),
          })
        : findShipments(db, where, settings, { limit, offset }),
  );
  return { shipments: rows, page, size, ...figures, totalPages: Math.max(1, totalPages) };
}

/** The newest shipments in one status, as `newestShipments` bounds them. */
export function newestShipmentsIn(db: Db | Tx, status: string, settings: ShipmentReadSettings) {
  return newestShipments(db, statusIs(status), settings);
}

/**
 * An unpaged list of shipments: the newest SHIPMENT_UNPAGED_LIMIT matching `where`, and how many matched,
 * counted up to COUNT_LIMIT (decision 149: `totalCapped` past it).
 */
export async function newestShipments(
  db: Db | Tx,
  where: ShipmentWhere,
  settings: ShipmentReadSettings,
): Promise<Bounded<Shipment>> {
  const bounded = await readBounded(
    SHIPMENT_UNPAGED_LIMIT,
    (limit) => findShipments(db, where, settings, { limit }),
    () => countShipments(db, where, COUNT_LIMIT + 1),
  );
  return bounded.total > COUNT_LIMIT ? { ...bounded, total: COUNT_LIMIT, totalCapped: true } : bounded;
}
