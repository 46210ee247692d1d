import type { Operation } from '../operation.ts';
import * as access from './access.ts';
import * as accounting from './accounting.ts';
import * as acl from './acl.ts';
import * as audit from './audit.ts';
import * as baskets from './baskets.ts';
import * as events from './events.ts';
import * as milk from './milk.ts';
import * as system from './system.ts';

/**
 * Every declared operation, for the checks that hold the server's routes and the web's calls to them
 * (apps/server/src/http/operation-routes.test.ts, scripts/web-api-paths.test.ts). An area's file is
 * listed here once.
 */
export const OPERATIONS: readonly Operation[] = [
  access,
  accounting,
  acl,
  audit,
  baskets,
  events,
  milk,
  system,
].flatMap((area) => Object.values(area));
