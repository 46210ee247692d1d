import type { Order, OrderItem } from '@mandira/contract/orders';
import type { DataTableColumn } from '../../lib/data-table/column.ts';
import { formatDate, formatDateTime } from '../../lib/format/format.ts';
import { isBilled } from '../../lib/orders/billing.ts';

/** One line of the Excel file: an item with its order's facts. */
export type OrderExportRow = { order: Order; item: OrderItem | undefined };

const COLUMNS: DataTableColumn<OrderExportRow>[] = [
  { id: 'orderNumber', header: 'Sipariş No', value: (row) => row.order.orderNumber },
  { id: 'buyerCode', header: 'Müşteri Kodu', value: (row) => row.order.buyer.code },
  { id: 'buyer', header: 'Müşteri', value: (row) => row.order.buyer.title },
  { id: 'status', header: 'Sipariş Durumu', value: (row) => row.order.statusDescription.label },
  { id: 'color', header: 'Renk', value: (row) => row.order.colorGroupDescription?.label ?? '' },
  { id: 'reference', header: 'Referans Kodu', value: (row) => row.order.buyerRequestReferenceCode },
  { id: 'createdAt', header: 'Oluşturma', value: (row) => formatDateTime(row.order.createdAt) },
  { id: 'planned', header: 'Planlanan Sevkiyat', value: (row) => formatDate(row.order.plannedShipmentDate) },
  // Each figure for one meaning (decision 105); an empty cell where review has not given one yet.
  { id: 'total', header: 'Sipariş Tutarı (₺)', value: (row) => row.order.amounts.ordered },
  { id: 'approved', header: 'Onaylanan Tutar (₺)', value: (row) => row.order.amounts.approved },
  { id: 'delivered', header: 'Teslim Edilen Tutar (₺)', value: (row) => row.order.amounts.delivered },
  {
    id: 'billed',
    header: 'Faturalanan Tutar (₺)',
    // Empty until review ends: nothing is billed before (decision 143).
    value: (row) => (isBilled(row.order.statusDescription) ? row.order.amounts.billed : null),
  },
  { id: 'stockCode', header: 'Stok Kodu', value: (row) => row.item?.stockCode ?? '' },
  { id: 'product', header: 'Ürün', value: (row) => row.item?.productName ?? '' },
  { id: 'itemStatus', header: 'Kalem Durumu', value: (row) => row.item?.statusDescription.label ?? '' },
  { id: 'ordered', header: 'İstenen (adet)', value: (row) => row.item?.orderedQuantity ?? null },
  { id: 'quantity', header: 'Onaylanan (adet)', value: (row) => row.item?.approvedQuantity ?? null },
  { id: 'listPrice', header: 'Liste Fiyatı (₺)', value: (row) => row.item?.unitPrice ?? null },
  { id: 'discount', header: 'İndirim (₺)', value: (row) => row.item?.discount ?? null },
  { id: 'price', header: 'Birim Fiyat (₺)', value: (row) => row.item?.netUnitPrice ?? null },
];

/** Writes the orders to 'siparisler.xlsx', one row per item; the Excel code loads only now. */
export async function exportOrders(orders: readonly Order[]): Promise<void> {
  const rows = orders.flatMap((order): OrderExportRow[] =>
    order.orderItems.length > 0
      ? order.orderItems.map((item) => ({ order, item }))
      : [{ order, item: undefined }],
  );
  const { exportToExcel } = await import('../../lib/data-table/export-to-excel.ts');
  await exportToExcel('siparisler', COLUMNS, rows);
}
