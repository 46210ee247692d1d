import { operation } from '../operation.ts';
import { Health, Liveness, SystemInfo } from '../system.ts';

// Public: what the portal is, and whether it and its database answer (decision 50).
const tags = ['Sistem'];

export const getSystemInfo = operation({
  operationId: 'getSystemInfo',
  method: 'GET',
  path: '/actuator/info',
  tags,
  summary: 'Portalın adı, sürümü ve harita katmanı',
  access: 'PUBLIC',
  answer: SystemInfo,
});

/** DOWN is a 503 in the error envelope, with the states beside it (`HealthDown`). */
export const getHealth = operation({
  operationId: 'getHealth',
  method: 'GET',
  path: '/actuator/health',
  tags,
  summary: 'Sunucu ve veritabanı yanıt veriyor mu',
  access: 'PUBLIC',
  answer: Health,
});

/** As `getHealth`, for a load balancer asking whether to send requests. */
export const getReadiness = operation({
  operationId: 'getReadiness',
  method: 'GET',
  path: '/actuator/health/readiness',
  tags,
  summary: 'Sunucu istek almaya hazır mı',
  access: 'PUBLIC',
  answer: Health,
});

/** The process answers; restarting it would not bring the database back. */
export const getLiveness = operation({
  operationId: 'getLiveness',
  method: 'GET',
  path: '/actuator/health/liveness',
  tags,
  summary: 'Süreç yanıt veriyor mu',
  access: 'PUBLIC',
  answer: Liveness,
});
