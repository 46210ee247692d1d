import type { Operation } from '../operation.ts';
import * as baskets from './baskets.ts';
import * as dashboard from './dashboard.ts';
import * as fleet from './fleet.ts';
import * as loading from './loading.ts';
import * as orders from './orders.ts';
import * as shipments from './shipments.ts';
import * as shipmentsLoads from './shipments-loads.ts';
import * as vehiclePlanning from './vehicle-planning.ts';

/**
 * Every declared operation, for the checks that hold the server's routes and the web's calls to them
 * (apps/server/src/http/operation-routes.test.ts, scripts/web-api-paths.test.ts). An area's file is
 * listed here once.
 */
export const OPERATIONS: readonly Operation[] = [
  baskets,
  orders,
  vehiclePlanning,
  loading,
  shipments,
  shipmentsLoads,
  fleet,
  dashboard,
].flatMap((area) => Object.values(area));
