/** The fields an ERP record says something about: null means "the ERP does not know", so it keeps ours. */
export function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null)) as Partial<T>;
}
