import * as system from '@mandira/contract/operations/system';
import { operationQuery } from './query.ts';

/** What the portal says of itself (`getSystemInfo`). */
const SYSTEM_KEY = ['actuator'] as const;

/** Public: the version and the map tile URL are read before and after sign-in alike. */
export const versionQuery = operationQuery(SYSTEM_KEY, system.getSystemInfo, undefined, {
  redirectOnUnauthorized: false,
});
