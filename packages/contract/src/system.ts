import { z } from 'zod';
import { ErrorEnvelope } from './envelope.ts';

/** `GET /actuator/info`: what the portal is, and the map tiles its screens draw. */
export const SystemInfo = z
  .object({
    name: z.string(),
    version: z.string(),
    mapTileUrl: z.string().describe('The tile URL template of the map screens, `{z}/{x}/{y}`.'),
  })
  .meta({ id: 'SystemInfo' });
export type SystemInfo = z.infer<typeof SystemInfo>;

const Up = z.literal('UP');
/** `GET /actuator/health` and its readiness: the process and its database both answer. */
export const Health = z.object({ status: Up, database: Up }).meta({ id: 'Health' });
/** `GET /actuator/health/liveness`: the process answers. */
export const Liveness = z.object({ status: Up }).meta({ id: 'Liveness' });

/** A health check's 503: the error envelope, with the states beside it for a monitor to read. */
export const HealthDown = ErrorEnvelope.extend({
  data: z.object({ status: z.literal('DOWN'), database: z.literal('DOWN') }),
}).meta({ id: 'HealthDown' });
