import { searchableText } from './search.ts';

/**
 * The Turkish alphabet (c < ç, g < ğ, ı < i, o < ö, s < ş, u < ü) with numbers by value ('Depo-9'
 * before 'Depo-10'); letter case and accents such as â do not separate two names.
 */
const turkishCollator = new Intl.Collator('tr', { numeric: true, sensitivity: 'base' });
/** Breaks the ties the first one leaves ('izmir' / 'İzmir'), so an order never depends on the input's. */
const tieBreaker = new Intl.Collator('tr', { numeric: true, sensitivity: 'variant' });

/** Compares two texts as a Turkish dictionary orders them. */
export function compareTurkish(a: string, b: string): number {
  return turkishCollator.compare(a, b) || tieBreaker.compare(a, b);
}

/** A comparator for `Array.sort` that orders rows by a text of theirs, the Turkish way. */
export function byTurkishText<T>(textOf: (row: T) => string): (a: T, b: T) => number {
  return (a, b) => compareTurkish(textOf(a), textOf(b));
}

/** Sort order for table cells: numbers and dates by value, text the Turkish way, empty cells last. */
export function compareValues(a: unknown, b: unknown): number {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return compareTurkish(searchableText(a), searchableText(b));
}
