import { isIsoDate } from '@mandira/contract/istanbul-time';

const TURKISH_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2})[:.](\d{2}))?$/;

/**
 * What a user types in a date field, 'GG.AA.YYYY' (with ' SS:DD' when `withTime`), as Mantine's
 * value: 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:00'. Null until the text is a real date (and time).
 */
export function parseTurkishDate(text: string, withTime = false): string | null {
  const match = TURKISH_DATE.exec(text.trim());
  if (!match) return null;
  const [, day, month, year, hour, minute] = match;
  const date = `${year}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  if (!isIsoDate(date)) return null;
  if (!withTime) return date;
  if (hour === undefined || Number(hour) > 23 || Number(minute) > 59) return null;
  return `${date} ${hour.padStart(2, '0')}:${minute}:00`;
}
