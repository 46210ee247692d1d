import type { RouteStop, Shipment } from '@mandira/contract/shipments';
import { formatNumber } from '../../lib/format/format.ts';

/** Route distance in metres, shown in km with 2 decimals. */
export function kilometres(metres: number | null): number | null {
  return metres === null ? null : Math.round(metres / 10) / 100;
}

/** Duration in seconds, shown in whole minutes. */
export function minutes(seconds: number | null): number | null {
  return seconds === null ? null : Math.round(seconds / 60);
}

export function formatKilometres(metres: number | null): string {
  const km = kilometres(metres);
  return km === null
    ? ''
    : km.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function formatTons(tons: number | null): string {
  return tons === null ? '' : formatNumber(tons, 3);
}

export function stopsOf(shipment: Shipment, kind: RouteStop['kind']): RouteStop[] {
  return shipment.stops.filter((stop) => stop.kind === kind);
}

export function stopTitles(shipment: Shipment, kind: RouteStop['kind']): string {
  return stopsOf(shipment, kind)
    .map((stop) => stop.title)
    .join(' → ');
}
