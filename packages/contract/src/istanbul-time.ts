/**
 * Wall-clock time in Europe/Istanbul, the portal's one time zone. Users type local times without an
 * offset (a datetime-local input) and think in whole local days; the server stores instants.
 */
export const PORTAL_TIME_ZONE = 'Europe/Istanbul';

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: PORTAL_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClockOf(instant: Date): WallClock {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

function offsetFromFormat(instant: Date): number {
  const wall = wallClockOf(instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

// Istanbul's offset has only ever changed on a whole UTC hour, so one look-up per hour serves every
// instant in it; Intl's formatToParts is slow enough to show in a page of history rows.
const HOUR_MS = 3_600_000;
const offsetByHour = new Map<number, number>();

/** Minutes Istanbul is ahead of UTC at this instant (+180 since 2016, with summer time before). */
export function istanbulOffsetMinutes(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    if (offsetByHour.size > 50_000) offsetByHour.clear();
    offset = offsetFromFormat(new Date(hour * HOUR_MS));
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/** The instant at which Istanbul's clock shows this wall-clock time. */
function instantOfWallClock(wall: WallClock, millis = 0): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, millis);
  // Two passes settle the offset also next to a summer-time change.
  let instant = new Date(asUtc - istanbulOffsetMinutes(new Date(asUtc)) * 60_000);
  instant = new Date(asUtc - istanbulOffsetMinutes(instant) * 60_000);
  return instant;
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** 'YYYY-MM-DD' naming a real calendar day. */
export function isIsoDate(text: string): boolean {
  const match = DATE_RE.exec(text);
  return !!match && isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/**
 * An ISO-8601 date-time; without an offset it is Istanbul wall-clock time ('2025-03-01T06:30' from a
 * datetime-local input). Undefined when the text is not a real date-time.
 */
export function parseDateTime(text: string): Date | undefined {
  const match = DATE_TIME_RE.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone] = match;
  const wall = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: Number(s),
  };
  if (
    !isRealDate(wall.year, wall.month, wall.day) ||
    wall.hour > 23 ||
    wall.minute > 59 ||
    wall.second > 59
  ) {
    return undefined;
  }
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  if (!zone) return instantOfWallClock(wall, millis);
  const utc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second, millis);
  if (zone.toUpperCase() === 'Z') return new Date(utc);
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  return new Date(utc - offset * 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * ISO-8601 with Istanbul's offset, e.g. '2025-03-01T06:30:00+03:00': an exact instant whose first 16
 * characters are the local time a user reads ('YYYY-MM-DD HH:MM' after replacing the 'T').
 */
export function toIstanbulIso(instant: Date): string {
  const offset = istanbulOffsetMinutes(instant);
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offset * 60_000);
  const wall = {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/** The Istanbul calendar day of an instant, 'YYYY-MM-DD'. */
export function istanbulDate(instant: Date): string {
  return toIstanbulIso(instant).slice(0, 10);
}

/** The instant an Istanbul calendar day ('YYYY-MM-DD') begins. */
export function startOfIstanbulDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantOfWallClock({ year, month, day, hour: 0, minute: 0, second: 0 });
}

/** The calendar day `days` after `date` (both 'YYYY-MM-DD'). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Monday to Sunday of the Istanbul week that holds `now` (a Turkish week starts on Monday). */
export function istanbulWeek(now: Date = new Date()): { from: string; to: string } {
  const today = istanbulDate(now);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const from = addDays(today, -weekday);
  return { from, to: addDays(from, 6) };
}
