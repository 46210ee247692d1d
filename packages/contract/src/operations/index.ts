import type { Operation } from '../operation.ts';
import * as baskets from './baskets.ts';

/**
 * Every declared operation, for the checks that hold the server's routes and the web's calls to them
 * (apps/server/src/http/operation-routes.test.ts, scripts/web-api-paths.test.ts). An area's file is
 * listed here once.
 */
export const OPERATIONS: readonly Operation[] = [baskets].flatMap((area) => Object.values(area));
