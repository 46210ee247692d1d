import { lotLabel } from '@mandira/contract/lots';
import type { LotTrace } from '@mandira/contract/lots-answers';
import { pdfDrawing } from '../../pdf/documents.ts';
import { createPdf, FONTS, type PdfDoc, writeTotal } from '../../pdf/pdf-document.ts';
import { pdfDateTime, pdfDay } from '../../pdf/pdf-format.ts';
import { drawTable } from '../../pdf/pdf-table.ts';

/**
 * The recall list (geri çağırma listesi) of a lot, printed from its trace (docs/domain/lots.md, decision
 * 153): the lot, its totals, every buyer and delivery point it was loaded for, and where the rest lies.
 */

const number = (value: number) => value.toLocaleString('tr-TR');

export function recallPdf(trace: LotTrace, companyName: string, printedAt = new Date()): PdfDoc {
  const { lot, loads, totals } = trace;
  const doc = createPdf(
    {
      company: companyName,
      title: 'Geri Çağırma Listesi',
      details: [
        ['Parti', lotLabel(lot)],
        ['Ürün', `${lot.item.name} (${lot.item.stockCode})`],
        ...(lot.productionDate ? [['Üretim tarihi', pdfDay(lot.productionDate)] as const] : []),
        ['Düzenlenme', pdfDateTime(printedAt)],
      ],
    },
    { landscape: true },
  );
  drawTable(doc, {
    columns: [
      { header: 'Giren', width: 1, align: 'right' },
      { header: 'Eldeki', width: 1, align: 'right' },
      { header: 'Sevk edilen', width: 1, align: 'right' },
      { header: 'Teslim edilen', width: 1, align: 'right' },
      { header: 'İade', width: 1, align: 'right' },
      { header: 'İmha', width: 1, align: 'right' },
    ],
    rows: [
      [
        totals.produced,
        totals.onHand,
        totals.shipped,
        totals.delivered,
        totals.returned,
        totals.disposed,
      ].map(number),
    ],
  });
  doc.moveDown(0.5);
  doc.font(FONTS.bold).fontSize(11).text('Yüklemeler ve alıcılar');
  doc.moveDown(0.2);
  drawTable(doc, {
    columns: [
      { header: 'Müşteri', width: 3 },
      { header: 'Telefon', width: 1.6 },
      { header: 'Teslimat noktası', width: 2.4 },
      { header: 'Sipariş No', width: 1, align: 'right' },
      { header: 'Sevkiyat', width: 1.6 },
      { header: 'Sevkiyat durumu', width: 1.6 },
      { header: 'Yükleme', width: 1.6 },
      { header: 'Adet', width: 0.9, align: 'right' },
      { header: 'Teslim', width: 0.9 },
    ],
    rows: loads.map((load) => [
      `${load.buyer.title} (${load.buyer.code})`,
      load.buyer.phone,
      load.deliveryPoint ? `${load.deliveryPoint.title} (${load.deliveryPoint.code})` : '—',
      String(load.order.orderNumber),
      load.shipment.code,
      load.shipment.status.label,
      pdfDateTime(load.loadedAt),
      number(load.pieces),
      load.delivered ? 'Evet' : 'Hayır',
    ]),
    emptyText: 'Bu partiden yükleme yapılmamış.',
  });
  writeTotal(doc, 'Sevk edilen', `${number(totals.shipped)} adet`);
  doc.moveDown(0.5);
  doc.font(FONTS.bold).fontSize(11).text('Depodaki stok');
  doc.moveDown(0.2);
  drawTable(doc, {
    columns: [
      { header: 'Depo', width: 3 },
      { header: 'Adet', width: 1, align: 'right' },
    ],
    rows: lot.warehouses.map((stock) => [stock.warehouse.label, number(stock.quantity)]),
    emptyText: 'Depolarda bu partiden stok yok.',
  });
  writeTotal(doc, 'Eldeki', `${number(totals.onHand)} adet`);
  return doc;
}

/** The recall list as a document the render workers draw (decision 98). */
export const RECALL_DOCUMENT = pdfDrawing(import.meta.url, 'recallPdf', recallPdf);
