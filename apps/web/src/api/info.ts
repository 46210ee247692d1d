import type { SystemInfo } from '@mandira/contract/system';
import { apiQuery } from './query.ts';

/** Public: the version and the map tile URL are read before and after sign-in alike. */
export const versionQuery = apiQuery<SystemInfo>(['actuator', 'info'], '/actuator/info', {
  redirectOnUnauthorized: false,
});
