import { tonsText } from '@mandira/contract/loading';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { pdfDrawing } from '../../pdf/documents.ts';
import { createPdf, FONTS, PAGE_MARGIN, type PdfDoc, writeTotal } from '../../pdf/pdf-document.ts';
import { pdfDateTime } from '../../pdf/pdf-format.ts';
import { drawTable } from '../../pdf/pdf-table.ts';
import { ITEM_TONS } from '../load-figures/shipment-figures.ts';
import { type LoadedLotRow, loadedLotsJson, loadedLotsText } from './loaded-lots.ts';

/**
 * The dispatch note (sevk irsaliyesi) of a shipment (decision 88): who carries what to whom, from the
 * load records; the weights are the weighbridge's (docs/domain/loading-and-shipments.md).
 */

type HeaderRow = {
  code: string;
  description: string;
  plate: string;
  brand: string;
  model: string;
  driver: string;
  licence_number: string;
  driver_phone: string;
  from_name: string;
  from_address: string;
  loaded_weight_in_tons: number | null;
  stops: { kind: string; title: string; code: string; buyer: string }[];
};

type LineRow = {
  order_item_id: number;
  buyer_id: number;
  buyer_title: string;
  buyer_code: string;
  buyer_address: string;
  buyer_tax_office: string;
  buyer_vkn: string | null;
  buyer_tckn: string | null;
  branch_title: string | null;
  order_number: number;
  stock_code: string | null;
  product_name: string;
  quantity_in_box: number;
  warehouse_id: number;
  warehouse: string;
  pieces: number;
  lots: LoadedLotRow[];
};

type WeightRow = {
  order_item_id: number;
  warehouse_id: number;
  item_codes: string;
  kilograms: number | null;
  complete: boolean;
};

/** The pieces of one order item that left one stock warehouse: a load record's warehouse, not the truck's. */
export type DispatchNoteLine = {
  orderItemId: number;
  orderNumber: number;
  /** The stock warehouse the pieces were loaded from ('Depo-1'). */
  warehouse: string;
  stockCode: string;
  productName: string;
  pieces: number;
  quantityInBox: number;
  /** Net kilograms of the goods; null when an item of it is counted by the piece. */
  kilograms: number | null;
  /** The lots the pieces came from, earliest expiry first (item pieces of each). */
  lots: LoadedLotRow[];
};

export type DispatchNote = {
  shipmentCode: string;
  description: string;
  vehicle: string;
  driver: string;
  /** The own warehouse the truck leaves from; the goods may have been loaded elsewhere (each line says). */
  origin: string;
  /** The stock warehouses the goods were loaded from, in id order ('Depo-1, Depo-2'). */
  loadedFrom: string[];
  stops: { kind: string; warehouse: string; buyer: string }[];
  buyers: {
    title: string;
    code: string;
    branch: string | null;
    /** The buyer's main address and tax identity, as an irsaliye names its receiver. */
    address: string;
    taxOffice: string;
    /** 'VKN 1234567890' of a company, 'TCKN …' of a sole proprietor; empty when neither is known. */
    taxNumber: string;
    lines: DispatchNoteLine[];
  }[];
  loadedWeightInTons: number | null;
};

const STOP_KIND = { INTERMEDIATE: 'Ara durak', TO: 'Varış' } as const;

export async function dispatchNoteOf(db: Db | Tx, shipmentId: number): Promise<DispatchNote> {
  const [header] = await rowsOf<HeaderRow>(
    db,
    sql`select s.code, s.description, v.licence_plate_code as plate, v.brand, v.model,
               d.name || ' ' || d.surname as driver, d.licence_number, d.phone as driver_phone,
               w.short_name as from_name, w.address as from_address,
               s.loaded_weight_in_tons::float8 as loaded_weight_in_tons,
               (select coalesce(json_agg(json_build_object('kind', st.kind, 'title', bw.title, 'code', bw.code,
                                                           'buyer', b.title) order by st.ord), '[]'::json)
                  from (values (1, 'INTERMEDIATE', s.intermediate_warehouse1_id),
                               (2, 'INTERMEDIATE', s.intermediate_warehouse2_id),
                               (3, 'TO', s.to_warehouse_id)) as st(ord, kind, warehouse_id)
                  join buyer_warehouses bw on bw.id = st.warehouse_id
                  join buyers b on b.id = bw.buyer_id) as stops
          from shipments s
          join vehicles v on v.id = s.vehicle_id
          join drivers d on d.id = s.driver_id
          join warehouses w on w.id = s.from_warehouse_id
         where s.id = ${shipmentId}`,
  );
  if (!header) throw notFound('Sevkiyat bulunamadı.');
  const lines = await rowsOf<LineRow>(
    db,
    sql`select oi.id as order_item_id, o.buyer_id, b.title as buyer_title, b.code as buyer_code,
               b.address_main as buyer_address, b.tax_office as buyer_tax_office, b.vkn as buyer_vkn,
               b.tckn as buyer_tckn, bw.title as branch_title, o.order_number, oi.stock_code, oi.product_name, oi.quantity_in_box,
               loaded.warehouse_id, sw.short_name as warehouse, loaded.pieces, loaded.lots
          from (select l.order_item_id, l.warehouse_id, sum(l.pieces)::int as pieces,
                       ${loadedLotsJson(shipmentId, sql`l.order_item_id`, sql`l.warehouse_id`)} as lots
                  from shipment_loads l
                 where l.shipment_id = ${shipmentId} group by l.order_item_id, l.warehouse_id) loaded
          join order_items oi on oi.id = loaded.order_item_id
          join orders o on o.id = oi.order_id
          join buyers b on b.id = o.buyer_id
          join warehouses sw on sw.id = loaded.warehouse_id
          left join buyer_warehouses bw on bw.id = o.buyer_branch_id
         order by b.title, b.id, o.order_number, oi.id, loaded.warehouse_id`,
  );
  // The weighbridge's weights (ITEM_TONS over the bundle), so the note and the scale expect the same.
  const weights = await rowsOf<WeightRow>(
    db,
    sql`select sl.order_item_id, sl.warehouse_id, string_agg(distinct i.stock_code, ', ') as item_codes,
               (sum(sl.pieces * pb.quantity * ${ITEM_TONS}) * 1000)::float8 as kilograms,
               bool_and(i.packaging_unit_type <> 'QUANTITY') as complete
          from shipment_loads sl
          join order_items oi on oi.id = sl.order_item_id
          join bundle_snapshot_lines pb on pb.snapshot_id = oi.bundle_snapshot_id
          join product_items i on i.id = pb.product_item_id
         where sl.shipment_id = ${shipmentId}
         group by sl.order_item_id, sl.warehouse_id`,
  );
  const weightOf = (line: LineRow) =>
    weights.find((one) => one.order_item_id === line.order_item_id && one.warehouse_id === line.warehouse_id);
  const buyers: DispatchNote['buyers'] = [];
  for (const line of lines) {
    let buyer = buyers.at(-1);
    if (!buyer || buyer.code !== line.buyer_code) {
      buyer = {
        title: line.buyer_title,
        code: line.buyer_code,
        branch: line.branch_title,
        address: line.buyer_address.trim(),
        taxOffice: line.buyer_tax_office.trim(),
        taxNumber: line.buyer_vkn
          ? `VKN ${line.buyer_vkn}`
          : line.buyer_tckn
            ? `TCKN ${line.buyer_tckn}`
            : '',
        lines: [],
      };
      buyers.push(buyer);
    }
    const weight = weightOf(line);
    buyer.lines.push({
      orderItemId: line.order_item_id,
      orderNumber: line.order_number,
      warehouse: line.warehouse,
      // A product without a stock code of its own is named by its items' codes.
      stockCode: line.stock_code ?? weight?.item_codes ?? '',
      productName: line.product_name,
      pieces: line.pieces,
      quantityInBox: line.quantity_in_box,
      kilograms: weight?.complete ? (weight.kilograms ?? 0) : null,
      lots: line.lots,
    });
  }
  return {
    shipmentCode: header.code,
    description: header.description,
    vehicle: [header.plate, [header.brand, header.model].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join(' · '),
    driver: [header.driver, header.licence_number && `ehliyet ${header.licence_number}`, header.driver_phone]
      .filter(Boolean)
      .join(' · '),
    origin: [header.from_name, header.from_address].filter(Boolean).join(', '),
    loadedFrom: [...new Map(lines.map((line) => [line.warehouse_id, line.warehouse])).entries()]
      .sort(([a], [b]) => a - b)
      .map(([, warehouse]) => warehouse),
    stops: header.stops.map((stop) => ({
      kind: STOP_KIND[stop.kind as keyof typeof STOP_KIND] ?? stop.kind,
      warehouse: `${stop.title} (${stop.code})`,
      buyer: stop.buyer,
    })),
    buyers,
    loadedWeightInTons: header.loaded_weight_in_tons,
  };
}

const number = (value: number) => value.toLocaleString('tr-TR');
const kilogramsText = (kilograms: number | null) =>
  kilograms === null ? 'bilinmiyor' : kilograms.toLocaleString('tr-TR', { maximumFractionDigits: 1 });
/** Whole boxes, and the pieces that do not fill one: '4', '4 koli + 2 adet'. */
const boxesText = (pieces: number, box: number) => {
  if (box <= 0) return '—';
  const boxes = Math.floor(pieces / box);
  const rest = pieces % box;
  return rest === 0 ? number(boxes) : `${number(boxes)} koli + ${number(rest)} adet`;
};

const sumOf = (lines: readonly DispatchNoteLine[], pick: (line: DispatchNoteLine) => number) =>
  lines.reduce((sum, line) => sum + pick(line), 0);
/**
 * Whole boxes of the lines, counted per order item: an item loaded from two warehouses (40 + 8 pieces, 6 a
 * box) fills 8 boxes, not 6 + 1.
 */
const wholeBoxes = (lines: readonly DispatchNoteLine[]) => {
  const items = new Map<number, { pieces: number; box: number }>();
  for (const line of lines) {
    const item = items.get(line.orderItemId) ?? { pieces: 0, box: line.quantityInBox };
    items.set(line.orderItemId, { ...item, pieces: item.pieces + line.pieces });
  }
  return [...items.values()].reduce(
    (sum, item) => sum + (item.box > 0 ? Math.floor(item.pieces / item.box) : 0),
    0,
  );
};
const totalWeight = (lines: readonly DispatchNoteLine[]) =>
  lines.some((line) => line.kilograms === null) ? null : sumOf(lines, (line) => line.kilograms ?? 0);

/** The note as a printed A4 page (or more): heading, stops, the goods per buyer, totals, signatures. */
export function dispatchNotePdf(note: DispatchNote, companyName: string, printedAt = new Date()): PdfDoc {
  const doc = createPdf({
    company: companyName,
    title: 'Sevk İrsaliyesi',
    details: [
      ['Sevkiyat kodu', note.shipmentCode],
      ['Tarih', pdfDateTime(printedAt)],
      ['Araç', note.vehicle],
      ['Sürücü', note.driver],
      ['Aracın çıkış deposu', note.origin],
      ...(note.loadedFrom.length > 0 ? [['Yüklendiği depolar', note.loadedFrom.join(', ')] as const] : []),
      ...(note.description ? [['Açıklama', note.description] as const] : []),
    ],
  });
  drawTable(doc, {
    columns: [
      { header: 'Sıra', width: 0.7, align: 'right' },
      { header: 'Durak', width: 1.5 },
      { header: 'Teslimat deposu', width: 4 },
      { header: 'Alıcı', width: 4 },
    ],
    rows: [
      ['1', 'Çıkış', note.origin, companyName],
      ...note.stops.map((stop, index) => [String(index + 2), stop.kind, stop.warehouse, stop.buyer]),
    ],
  });
  const allLines = note.buyers.flatMap((buyer) => buyer.lines);
  if (note.buyers.length === 0) {
    doc.font(FONTS.regular).fontSize(9).text('Sevkiyata yüklenmiş ürün yok.');
    doc.moveDown(0.5);
  }
  for (const buyer of note.buyers) {
    doc.moveDown(0.3);
    doc.x = PAGE_MARGIN;
    doc.font(FONTS.bold).fontSize(10).fillColor('#000000');
    doc.text(
      `Alıcı: ${buyer.title} (${buyer.code})${buyer.branch ? ` · Teslimat şubesi: ${buyer.branch}` : ''}`,
    );
    const identity = [
      buyer.address && `Adres: ${buyer.address}`,
      buyer.taxOffice && `Vergi dairesi: ${buyer.taxOffice}`,
      buyer.taxNumber,
    ].filter(Boolean);
    if (identity.length > 0) doc.font(FONTS.regular).fontSize(9).text(identity.join(' · '));
    doc.moveDown(0.2);
    drawTable(doc, {
      columns: [
        { header: 'Sipariş No', width: 1, align: 'right' },
        { header: 'Stok Kodu', width: 1.3 },
        { header: 'Ürün', width: 3 },
        { header: 'Çıkış Deposu', width: 1.1 },
        { header: 'Adet', width: 0.9, align: 'right' },
        { header: 'Koli', width: 1.9, align: 'right' },
        { header: 'Beklenen Ağırlık (kg)', width: 1.5, align: 'right' },
        // A line that took several lots names each, one a line (decision 155).
        { header: 'Parti / SKT', width: 2.6 },
      ],
      rows: buyer.lines.map((line) => [
        String(line.orderNumber),
        line.stockCode,
        line.productName,
        line.warehouse,
        number(line.pieces),
        boxesText(line.pieces, line.quantityInBox),
        kilogramsText(line.kilograms),
        loadedLotsText(line.lots),
      ]),
      footer: [
        '',
        '',
        'Alıcı toplamı',
        '',
        number(sumOf(buyer.lines, (line) => line.pieces)),
        number(wholeBoxes(buyer.lines)),
        kilogramsText(totalWeight(buyer.lines)),
        '',
      ],
    });
  }
  const expected = totalWeight(allLines);
  const known = sumOf(allLines, (line) => line.kilograms ?? 0);
  writeTotal(doc, 'Toplam adet', number(sumOf(allLines, (line) => line.pieces)));
  writeTotal(doc, 'Toplam koli', number(wholeBoxes(allLines)));
  writeTotal(
    doc,
    'Beklenen ağırlık',
    expected === null
      ? `${tonsText(known / 1000)} ton (eksik: adetle sayılan ürünlerin ağırlığı bilinmiyor)`
      : `${tonsText(expected / 1000)} ton`,
  );
  if (note.loadedWeightInTons !== null) {
    writeTotal(doc, 'Kantarda tartılan', `${tonsText(note.loadedWeightInTons)} ton`);
  }
  signatureBoxes(doc, ['Teslim Eden', 'Teslim Alan']);
  return doc;
}

const SIGNATURE_HEIGHT = 90;

/** Boxes side by side for names, signatures and dates; on a new page when they do not fit. */
function signatureBoxes(doc: PdfDoc, titles: readonly string[]): void {
  doc.moveDown(1.5);
  if (doc.y + SIGNATURE_HEIGHT > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const gap = 20;
  const width = (doc.page.width - 2 * PAGE_MARGIN - gap * (titles.length - 1)) / titles.length;
  const top = doc.y;
  titles.forEach((title, index) => {
    const x = PAGE_MARGIN + index * (width + gap);
    doc.rect(x, top, width, SIGNATURE_HEIGHT).lineWidth(0.8).strokeColor('#555555').stroke();
    doc
      .fillColor('#000000')
      .font(FONTS.bold)
      .fontSize(10)
      .text(title, x + 8, top + 8, { width: width - 16 });
    doc.font(FONTS.regular).fontSize(8);
    for (const [line, label] of ['Ad Soyad:', 'İmza:', 'Tarih:'].entries()) {
      doc.text(label, x + 8, top + 30 + line * 18, { width: width - 16 });
    }
  });
  doc.x = PAGE_MARGIN;
  doc.y = top + SIGNATURE_HEIGHT + 10;
}

/** 'Sevk İrsaliyesi SVK-2026-001.pdf' */
export function dispatchNoteFileName(note: DispatchNote): string {
  return `Sevk İrsaliyesi ${note.shipmentCode.replace(/[^\p{L}\p{N}_-]+/gu, '-')}.pdf`;
}

/** The dispatch note as a document the render workers draw (decision 98). */
export const DISPATCH_NOTE_DOCUMENT = pdfDrawing(import.meta.url, 'dispatchNotePdf', dispatchNotePdf);
