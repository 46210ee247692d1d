import { FONTS, PAGE_MARGIN, type PdfDoc } from './pdf-document.ts';

export type PdfColumn = {
  header: string;
  /** A share of the table's width; the shares need not add up to anything. */
  width: number;
  /** Numbers and money are right-aligned. */
  align?: 'left' | 'right';
};

export type PdfTable = {
  columns: readonly PdfColumn[];
  rows: readonly (readonly string[])[];
  /** A last row in bold, e.g. the totals; '' leaves a cell empty. */
  footer?: readonly string[];
  /** Shown in the table's place when there are no rows. */
  emptyText?: string;
};

const PADDING = 3;
const FONT_SIZE = 8;
const HEADER_FILL = '#e9ecef';
const RULE = '#ced4da';

/**
 * Writes a table from the cursor down, over as many pages as it needs, the header row repeated on
 * each; a cell's text wraps inside its column. The cursor ends below the table.
 */
export function drawTable(doc: PdfDoc, table: PdfTable): void {
  const left = PAGE_MARGIN;
  const fullWidth = doc.page.width - 2 * PAGE_MARGIN;
  const shares = table.columns.reduce((sum, column) => sum + column.width, 0);
  const widths = table.columns.map((column) => (column.width / shares) * fullWidth);
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const rowHeight = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(FONT_SIZE);
    return (
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell || ' ', { width: widths[index]! - 2 * PADDING }),
        ),
      ) +
      2 * PADDING
    );
  };
  const drawRow = (cells: readonly string[], font: string, fill?: string) => {
    const height = rowHeight(cells, font);
    const y = doc.y;
    if (fill) doc.rect(left, y, fullWidth, height).fill(fill);
    doc.fillColor('#000000').font(font).fontSize(FONT_SIZE);
    let x = left;
    cells.forEach((cell, index) => {
      doc.text(cell, x + PADDING, y + PADDING, {
        width: widths[index]! - 2 * PADDING,
        align: table.columns[index]!.align ?? 'left',
      });
      x += widths[index]!;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + fullWidth, y + height)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  const headers = table.columns.map((column) => column.header);
  const headerHeight = rowHeight(headers, FONTS.bold);
  const drawHeader = () => drawRow(headers, FONTS.bold, HEADER_FILL);
  /** A row that does not fit starts a new page, under the header again. */
  const fitOrBreak = (height: number) => {
    if (doc.y + height > bottom()) {
      doc.addPage();
      drawHeader();
    }
  };

  if (doc.y + headerHeight + rowHeight([''], FONTS.regular) > bottom()) doc.addPage();
  drawHeader();
  if (table.rows.length === 0 && table.emptyText) {
    drawRow([table.emptyText, ...headers.slice(1).map(() => '')], FONTS.regular);
  }
  for (const row of table.rows) {
    fitOrBreak(rowHeight(row, FONTS.regular));
    drawRow(row, FONTS.regular);
  }
  if (table.footer) {
    fitOrBreak(rowHeight(table.footer, FONTS.bold));
    drawRow(table.footer, FONTS.bold, HEADER_FILL);
  }
  doc.moveDown(0.5);
}
