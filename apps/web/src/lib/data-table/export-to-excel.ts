import { downloadBlob } from '../save-file.ts';
import { type DataTableColumn, exportValueOf } from './column.ts';

/** Excel refuses sheet names over 31 characters or with any of these. */
function sheetName(name: string): string {
  return name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Kayıtlar';
}

/**
 * Writes the rows the user sees (filtered and sorted) to `<name>.xlsx` in the browser.
 * exceljs is loaded on first use: it is large and most visits never export.
 */
export async function exportToExcel<T>(
  name: string,
  columns: readonly DataTableColumn<T>[],
  rows: readonly T[],
): Promise<void> {
  const module = await import('exceljs');
  // The browser build is a UMD bundle: its classes may sit on the default export.
  const ExcelJS = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Mandıra Portal';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(name), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    key: column.id,
    width: Math.min(60, Math.max(12, column.header.length + 4)),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(Object.fromEntries(columns.map((column) => [column.id, exportValueOf(column, row)])));
  }
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `${name}.xlsx`,
  );
}
