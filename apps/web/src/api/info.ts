import type { ActuatorInfo } from '@mandira/contract/access';
import { apiQuery } from './query.ts';

/** Public: the version and the map tile URL are read before and after sign-in alike. */
export const versionQuery = apiQuery<ActuatorInfo>(['actuator', 'info'], '/actuator/info', {
  redirectOnUnauthorized: false,
});
