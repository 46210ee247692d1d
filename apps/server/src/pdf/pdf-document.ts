import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The portal's printable documents (decision 77): PDFKit with DejaVu Sans embedded, so every Turkish
 * letter (ç ğ ı İ ö ş ü) and the lira sign print as typed; PDFKit's built-in fonts cannot show ğ, ı, ş.
 */

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
export const FONTS = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold' } as const;

export type PdfDoc = PDFKit.PDFDocument;

export type PdfHeading = {
  /** The document's title, e.g. 'Hesap Ekstresi'. */
  title: string;
  /** Shown above the title, e.g. the company's name. */
  company?: string;
  /** Label–value lines under the title: [['Müşteri', 'Akdeniz Gıda'], ['Dönem', '01.11.2026 – 23.11.2026']]. */
  details?: readonly (readonly [string, string])[];
  /** Also the PDF's metadata author. */
  author?: string;
};

export const PAGE_MARGIN = 40;

/**
 * An A4 document (portrait unless told) with the fonts registered and the heading written; the cursor
 * stands below the heading. Page numbers ('Sayfa 1 / 3') are written by `pdfBuffer` at the end.
 */
export function createPdf(heading: PdfHeading, { landscape = false } = {}): PdfDoc {
  const doc = new PDFDocument({
    size: 'A4',
    layout: landscape ? 'landscape' : 'portrait',
    margin: PAGE_MARGIN,
    bufferPages: true,
    info: {
      Title: heading.title,
      Author: heading.author ?? heading.company ?? '',
      Creator: 'Mandıra Portal',
    },
  });
  doc.registerFont(FONTS.regular, FONT_FILES.regular);
  doc.registerFont(FONTS.bold, FONT_FILES.bold);
  if (heading.company) doc.font(FONTS.bold).fontSize(10).fillColor('#555555').text(heading.company);
  doc.font(FONTS.bold).fontSize(16).fillColor('#000000').text(heading.title);
  doc.moveDown(0.4);
  for (const [label, value] of heading.details ?? []) {
    doc.font(FONTS.bold).fontSize(9).text(`${label}: `, { continued: true });
    doc.font(FONTS.regular).text(value);
  }
  doc.moveDown(0.8);
  doc.font(FONTS.regular).fontSize(9);
  return doc;
}

/** A label and a value on one line, right-aligned to the page's content edge (totals under a table). */
export function writeTotal(doc: PdfDoc, label: string, value: string): void {
  const width = doc.page.width - 2 * PAGE_MARGIN;
  const y = doc.y;
  doc.font(FONTS.bold).fontSize(9).text(`${label}: ${value}`, PAGE_MARGIN, y, { width, align: 'right' });
}

/** Ends the document, numbering its pages, and collects it into one buffer. */
export function pdfBuffer(doc: PdfDoc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const range = doc.bufferedPageRange();
    for (let index = range.start; index < range.start + range.count; index++) {
      doc.switchToPage(index);
      const bottom = doc.page.margins.bottom;
      // Writing inside the bottom margin would start a new page.
      doc.page.margins.bottom = 0;
      doc
        .font(FONTS.regular)
        .fontSize(8)
        .fillColor('#555555')
        .text(`Sayfa ${index + 1} / ${range.count}`, PAGE_MARGIN, doc.page.height - bottom / 2 - 4, {
          width: doc.page.width - 2 * PAGE_MARGIN,
          align: 'right',
          lineBreak: false,
        });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
  });
}
