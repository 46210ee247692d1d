import type { MilkSummary } from '@mandira/contract/milk';
import { type DataTableColumn, exportValueOf } from '../../lib/data-table/column.ts';
import { downloadBlob } from '../../lib/files/save-file.ts';
import { formatDate } from '../../lib/format/format.ts';
import { DAILY_COLUMNS, DRIVER_COLUMNS, VEHICLE_COLUMNS, volumeColumns } from './milk-summary-columns.tsx';

type Sheet = { name: string; columns: DataTableColumn<never>[]; rows: readonly unknown[] };

const dayText = (date: string) => formatDate(`${date}T12:00:00Z`);

/**
 * The figures of a range as one workbook: totals, then a sheet per breakdown. The shared table's
 * export writes one sheet of one table; the dairy's report wants them side by side.
 */
export async function exportMilkSummary(summary: MilkSummary): Promise<void> {
  const module = await import('exceljs');
  // The browser build is a UMD bundle: its classes may sit on the default export.
  const ExcelJS = (module as unknown as { default?: typeof module }).default ?? module;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Mandıra Portal';
  workbook.created = new Date();
  const range = `${dayText(summary.from)} - ${dayText(summary.to)}`;
  const sheets: Sheet[] = [
    {
      name: 'Özet',
      columns: [
        { id: 'range', header: 'Tarih Aralığı', value: () => range },
        ...volumeColumns<MilkSummary['totals']>(),
      ] as DataTableColumn<never>[],
      rows: [summary.totals],
    },
    { name: 'Günlük', columns: DAILY_COLUMNS as DataTableColumn<never>[], rows: summary.daily },
    { name: 'Araçlara Göre', columns: VEHICLE_COLUMNS as DataTableColumn<never>[], rows: summary.byVehicle },
    { name: 'Şoförlere Göre', columns: DRIVER_COLUMNS as DataTableColumn<never>[], rows: summary.byDriver },
  ];
  for (const { name, columns, rows } of sheets) {
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column) => ({
      header: column.header,
      key: column.id,
      width: Math.max(14, column.header.length + 4),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      sheet.addRow(
        Object.fromEntries(columns.map((column) => [column.id, exportValueOf(column, row as never)])),
      );
    }
  }
  const buffer = await workbook.xlsx.writeBuffer();
  downloadBlob(
    new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    `sut-ozeti-${summary.from}-${summary.to}.xlsx`,
  );
}
