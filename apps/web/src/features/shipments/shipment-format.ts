import { tonsText } from '@mandira/contract/loading';
import type { RouteStop, Shipment } from '@mandira/contract/shipments';
import { formatNumber } from '../../lib/format/format.ts';

/**
 * Route distance in metres as whole km: a route, estimated or routed, is not known to the metre, and
 * '855,63 km' claimed a precision it does not have (decision 143).
 */
export function kilometres(metres: number | null): number | null {
  return metres === null ? null : Math.round(metres / 1000);
}

/** Duration in seconds, in whole minutes. */
export function minutes(seconds: number | null): number | null {
  return seconds === null ? null : Math.round(seconds / 60);
}

export function formatKilometres(metres: number | null): string {
  return formatNumber(kilometres(metres), 0);
}

/** Duration in seconds as hours and minutes, '14 sa 16 dk'; under an hour '45 dk'. */
export function formatDuration(seconds: number | null): string {
  const total = minutes(seconds);
  if (total === null) return '';
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} dk`;
  return rest === 0 ? `${formatNumber(hours, 0)} sa` : `${formatNumber(hours, 0)} sa ${rest} dk`;
}

/**
 * Tons always to the kilogram, three decimals, as the weighbridge messages and the dispatch note show
 * them: '0,040' beside '0,039', never '0,04'.
 */
export function formatTons(tons: number | null): string {
  return tons === null ? '' : tonsText(tons);
}

export function stopsOf(shipment: Shipment, kind: RouteStop['kind']): RouteStop[] {
  return shipment.stops.filter((stop) => stop.kind === kind);
}

export function stopTitles(shipment: Shipment, kind: RouteStop['kind']): string {
  return stopsOf(shipment, kind)
    .map((stop) => stop.title)
    .join(' → ');
}
