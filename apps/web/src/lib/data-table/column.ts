import type { ReactNode } from 'react';
import { searchableText } from '../format/search.ts';

/** One column of a DataTable; `value` feeds sorting, searching and the Excel export alike. */
export type DataTableColumn<T> = {
  id: string;
  /** Turkish header, also the Excel header. */
  header: string;
  value: (row: T) => unknown;
  /** How the cell looks; defaults to the text of `value`. */
  render?: (row: T) => ReactNode;
  /**
   * What the Excel cell holds when the displayed text differs from `value` (labels, dates). A Date is
   * written as a real date cell (see `spreadsheetDate` in lib/format/format.ts for Istanbul times).
   */
  exportValue?: (row: T) => string | number | Date | null;
  /** Excel number format of the column's cells, e.g. EXCEL_FORMATS.money. */
  excelFormat?: string;
  /** Text searched; defaults to the export value, so a search finds what the user sees. */
  searchValue?: (row: T) => unknown;
  sortable?: boolean;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** Keeps short values such as dates and phone numbers on one line. */
  noWrap?: boolean;
  minWidth?: number;
  /**
   * The last column stays in view beside the actions while the table scrolls sideways, e.g. a status
   * the row's actions depend on (decision 158).
   */
  pinnedEnd?: boolean;
};

/** Number formats Excel shows in the reader's own language (Turkish Excel: 1.234,50 ₺, 24.11.2026). */
export const EXCEL_FORMATS = {
  money: '#,##0.00 "₺";-#,##0.00 "₺"',
  date: 'dd.mm.yyyy',
  dateTime: 'dd.mm.yyyy hh:mm',
} as const;

export function exportValueOf<T>(column: DataTableColumn<T>, row: T): string | number | Date | null {
  if (column.exportValue) return column.exportValue(row);
  const value = column.value(row);
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Evet' : 'Hayır';
  const text = searchableText(value);
  return text === '' ? null : text;
}

export function searchValueOf<T>(column: DataTableColumn<T>, row: T): unknown {
  if (column.searchValue) return column.searchValue(row);
  const exported = exportValueOf(column, row);
  // A date cell is searched as it is shown, not as its ISO text.
  return exported instanceof Date ? column.value(row) : exported;
}
