import { downloadBlob } from '../files/save-file.ts';
import { type DataTableColumn, exportValueOf } from './column.ts';

/** Lines above the table in the file: a title and label–value pairs (whose account, which period). */
export type ExcelHeading = { title: string; details: readonly (readonly [string, string])[] };

const MIN_WIDTH = 10;
const MAX_WIDTH = 60;
/** Characters a formatted date takes ('24.11.2026 09:30'), and a number's grouping and decimals. */
const DATE_WIDTH = 17;
const NUMBER_EXTRA = 5;

/** Excel refuses sheet names over 31 characters or with any of these. */
function sheetName(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Kayıtlar';
}

function widthOf(value: string | number | Date | null): number {
  if (value === null) return 0;
  if (value instanceof Date) return DATE_WIDTH;
  if (typeof value === 'number') return String(Math.round(value)).length + NUMBER_EXTRA;
  return Math.max(...value.split('\n').map((line) => line.length));
}

/**
 * Writes the rows the user sees (filtered and sorted) to `<name>.xlsx` in the browser: real numbers
 * and dates in the columns' formats, each column as wide as its longest cell, and an optional heading
 * above the table. exceljs is loaded on first use: it is large and most visits never export.
 */
export async function exportToExcel<T>(
  name: string,
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
  heading?: ExcelHeading,
): Promise<void> {
  const module = await import('exceljs');
  // The browser build is a UMD bundle: its classes may sit on the default export.
  const ExcelJS = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Mandıra Portal';
  workbook.created = new Date();
  const values = rows.map((row) => columns.map((column) => exportValueOf(column, row)));
  // The heading's title, its details and an empty line sit above the header row.
  const headerRow = heading ? heading.details.length + 3 : 1;
  const sheet = workbook.addWorksheet(sheetName(name), {
    views: [{ state: 'frozen', ySplit: headerRow }],
  });
  if (heading) {
    sheet.getCell(1, 1).value = heading.title;
    sheet.getCell(1, 1).font = { bold: true, size: 14 };
    heading.details.forEach(([label, value], index) => {
      sheet.getCell(index + 2, 1).value = label;
      sheet.getCell(index + 2, 1).font = { bold: true };
      sheet.getCell(index + 2, 2).value = value;
    });
  }
  columns.forEach((column, index) => {
    const widest = Math.max(column.header.length, ...values.map((row) => widthOf(row[index] ?? null)));
    const excelColumn = sheet.getColumn(index + 1);
    excelColumn.width = Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2));
    if (column.excelFormat) excelColumn.numFmt = column.excelFormat;
  });
  const header = sheet.getRow(headerRow);
  header.values = columns.map((column) => column.header);
  header.font = { bold: true };
  for (const row of values) sheet.addRow(row);
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${name}.xlsx`,
  );
}
