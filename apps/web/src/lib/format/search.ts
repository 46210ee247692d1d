/**
 * Turkish case-insensitive matching: 'İ' lowers to 'i' and 'I' to 'ı', so "istanbul" finds
 * "İSTANBUL" and "ışık" finds "IŞIK", as a Turkish reader expects (plain toLowerCase would not).
 */
export function turkishLower(text: string): string {
  return text.toLocaleLowerCase('tr-TR');
}

/** Every piece of text inside a value (nested objects and arrays too), for searching. */
export function searchableText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(searchableText).join(' ');
  if (typeof value === 'object') return Object.values(value).map(searchableText).join(' ');
  return '';
}

/** Whether the query's text occurs in any of the values; an empty query matches everything. */
export function matchesSearch(values: readonly unknown[], query: string): boolean {
  const needle = turkishLower(query.trim());
  if (!needle) return true;
  return values.some((value) => turkishLower(searchableText(value)).includes(needle));
}

/** Rows whose values contain the query; shorter queries than `minLength` do not filter at all. */
export function filterBySearch<T>(
  rows: readonly T[],
  query: string,
  valuesOf: (row: T) => readonly unknown[],
  minLength = 1,
): T[] {
  if (query.trim().length < minLength) return [...rows];
  return rows.filter((row) => matchesSearch(valuesOf(row), query));
}
