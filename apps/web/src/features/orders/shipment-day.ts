/** The order's planned day travels as dd-MM-yyyy (the contract's form); the date picker holds ISO. */
export function shownDayToIso(shown: string | null | undefined): string | null {
  const match = shown ? /^(\d{2})-(\d{2})-(\d{4})$/.exec(shown) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

export function isoDayToShown(iso: string | null | undefined): string | null {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}
