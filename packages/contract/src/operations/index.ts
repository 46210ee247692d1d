import type { Operation } from '../operation.ts';
import * as access from './access.ts';
import * as accounting from './accounting.ts';
import * as acl from './acl.ts';
import * as audit from './audit.ts';
import * as baskets from './baskets.ts';
import * as buyers from './buyers.ts';
import * as dashboard from './dashboard.ts';
import * as events from './events.ts';
import * as fleet from './fleet.ts';
import * as loading from './loading.ts';
import * as lots from './lots.ts';
import * as milk from './milk.ts';
import * as orders from './orders.ts';
import * as pendingItems from './pending-items.ts';
import * as productItems from './product-items.ts';
import * as scan from './scan.ts';
import * as sellableProducts from './sellable-products.ts';
import * as shipments from './shipments.ts';
import * as shipmentsLoads from './shipments-loads.ts';
import * as stock from './stock.ts';
import * as system from './system.ts';
import * as vehiclePlanning from './vehicle-planning.ts';

/** Each area's operations, by the name of its file under operations/. */
export const OPERATION_AREAS = {
  access,
  accounting,
  acl,
  audit,
  baskets,
  buyers,
  dashboard,
  events,
  fleet,
  loading,
  lots,
  milk,
  orders,
  'pending-items': pendingItems,
  'product-items': productItems,
  scan,
  'sellable-products': sellableProducts,
  shipments,
  'shipments-loads': shipmentsLoads,
  stock,
  system,
  'vehicle-planning': vehiclePlanning,
} as const satisfies Record<string, Record<string, Operation>>;

/**
 * Every declared operation, for the checks that hold the server's routes and the web's calls to them
 * (apps/server/src/http/api-document.test.ts, scripts/check-web-calls.ts) and for the web build's route
 * facts (apps/web/build/operation-routes.ts). An area's file is listed here once.
 */
export const OPERATIONS: readonly Operation[] = Object.values(OPERATION_AREAS).flatMap((area) =>
  Object.values(area),
);
