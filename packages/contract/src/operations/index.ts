import type { Operation } from '../operation.ts';
import * as baskets from './baskets.ts';
import * as buyers from './buyers.ts';
import * as lots from './lots.ts';
import * as pendingItems from './pending-items.ts';
import * as productItems from './product-items.ts';
import * as scan from './scan.ts';
import * as sellableProducts from './sellable-products.ts';
import * as stock from './stock.ts';

/**
 * Every declared operation, for the checks that hold the server's routes and the web's calls to them
 * (apps/server/src/http/operation-routes.test.ts, scripts/web-api-paths.test.ts). An area's file is
 * listed here once.
 */
export const OPERATIONS: readonly Operation[] = [
  baskets,
  buyers,
  lots,
  pendingItems,
  productItems,
  scan,
  sellableProducts,
  stock,
].flatMap((area) => Object.values(area));
