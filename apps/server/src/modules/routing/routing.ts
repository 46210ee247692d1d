import { greatCircleMeters } from './turkish-provinces.ts';

/**
 * Route figures of a shipment (decision 69): from an OSRM-compatible service when `ROUTING_URL` is set,
 * otherwise great-circle distance along the stops × 1.3 at 60 km/h, marked as an estimate. A stop without
 * coordinates gives no figure at all rather than a wrong one.
 */

export type RoutePoint = { latitude: number | null; longitude: number | null };
export type RouteFigures = {
  distanceInMeters: number | null;
  durationInSeconds: number | null;
  isEstimate: boolean;
  /** The road as [latitude, longitude] points, from the routing service only. */
  geometry: [number, number][] | null;
};
export type RoutingSettings = {
  routingUrl: string | undefined;
  /** Warnings about a failing routing service go here. */
  warn?: (message: string) => void;
};

/** Roads are longer than the straight line; 1.3 is the usual detour factor for inter-city roads. */
export const ROAD_FACTOR = 1.3;
export const ESTIMATE_SPEED_KMH = 60;
const ROUTING_TIMEOUT_MS = 5_000;
/** The longest geometry kept: enough to draw a route across the country on a screen. */
const MAX_GEOMETRY_POINTS = 1_000;

export const NO_ROUTE: RouteFigures = {
  distanceInMeters: null,
  durationInSeconds: null,
  isEstimate: false,
  geometry: null,
};

type Located = { latitude: number; longitude: number };
const isLocated = (point: RoutePoint): point is Located =>
  point.latitude !== null && point.longitude !== null;

export function estimateRoute(points: readonly Located[]): RouteFigures {
  let straight = 0;
  for (let i = 1; i < points.length; i++) straight += greatCircleMeters(points[i - 1]!, points[i]!);
  const distance = straight * ROAD_FACTOR;
  return {
    distanceInMeters: Math.round(distance),
    durationInSeconds: Math.round(distance / ((ESTIMATE_SPEED_KMH * 1000) / 3600)),
    isEstimate: true,
    geometry: null,
  };
}

type OsrmAnswer = {
  code?: string;
  routes?: { distance?: number; duration?: number; geometry?: { coordinates?: [number, number][] } }[];
};

/** OSRM's `route` service: `{base}/route/v1/driving/{lon,lat;lon,lat…}` with a GeoJSON geometry. */
async function askRouter(base: string, points: readonly Located[]): Promise<RouteFigures> {
  const path = points.map((point) => `${point.longitude},${point.latitude}`).join(';');
  const url = `${base.replace(/\/+$/, '')}/route/v1/driving/${path}?overview=simplified&geometries=geojson`;
  const response = await fetch(url, { signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const answer = (await response.json()) as OsrmAnswer;
  const route = answer.routes?.[0];
  if (
    answer.code !== 'Ok' ||
    !route ||
    !Number.isFinite(route.distance) ||
    !Number.isFinite(route.duration)
  ) {
    throw new Error(`yanıt: ${answer.code ?? 'kod yok'}`);
  }
  const coordinates = route.geometry?.coordinates ?? [];
  const step = Math.max(1, Math.ceil(coordinates.length / MAX_GEOMETRY_POINTS));
  const geometry = coordinates
    .filter((_, index) => index % step === 0 || index === coordinates.length - 1)
    .filter((pair) => Array.isArray(pair) && Number.isFinite(pair[0]) && Number.isFinite(pair[1]))
    .map(([longitude, latitude]) => [latitude, longitude] as [number, number]);
  return {
    distanceInMeters: Math.round(route.distance!),
    durationInSeconds: Math.round(route.duration!),
    isEstimate: false,
    geometry: geometry.length > 0 ? geometry : null,
  };
}

/** The figures of a route through the stops in order; a failing routing service falls back to the estimate. */
export async function routeOf(
  points: readonly RoutePoint[],
  settings: RoutingSettings,
): Promise<RouteFigures> {
  if (points.length < 2 || !points.every(isLocated)) return NO_ROUTE;
  const located = points as readonly Located[];
  if (!settings.routingUrl) return estimateRoute(located);
  try {
    return await askRouter(settings.routingUrl, located);
  } catch (error) {
    settings.warn?.(`Rota servisi yanıt vermedi, tahmini rota kullanıldı: ${(error as Error).message}`);
    return estimateRoute(located);
  }
}
