/**
 * GS1's value rules the scan parser needs: the mod-10 check digit of GTINs and SSCCs, and YYMMDD dates
 * with GS1's century rule (docs/domain/scanning.md).
 */

/** The check digit that completes `body` (every digit but the last): weights 3,1,3… from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** The check digit `digits` should end with, or null when it does. */
export function wrongCheckDigit(digits: string): { expected: number; found: number } | null {
  const expected = gs1CheckDigit(digits.slice(0, -1));
  const found = Number(digits.at(-1));
  return expected === found ? null : { expected, found };
}

/** `body` completed with its check digit. */
export const withCheckDigit = (body: string) => `${body}${gs1CheckDigit(body)}`;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The full year of a two-digit GS1 year, seen from `currentYear` (GS1 General Specifications 7.12): a year
 * 51 or more ahead is of the last century, one 50 or more behind is of the next one.
 */
export function gs1FullYear(yy: number, currentYear: number): number {
  const century = Math.floor(currentYear / 100) * 100;
  const difference = yy - (currentYear % 100);
  if (difference >= 51) return century - 100 + yy;
  if (difference <= -50) return century + 100 + yy;
  return century + yy;
}

/** A GS1 date 'YYMMDD' as 'YYYY-MM-DD', or null when it is no date; a day of 00 is the month's last day. */
export function gs1Date(yymmdd: string, currentYear: number): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = gs1FullYear(Number(yymmdd.slice(0, 2)), currentYear);
  const month = Number(yymmdd.slice(2, 4));
  let dayOfMonth = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const last = daysInMonth(year, month);
  if (dayOfMonth === 0) dayOfMonth = last;
  if (dayOfMonth > last) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(dayOfMonth).padStart(2, '0')}`;
}
