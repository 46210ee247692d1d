import type { Basket, BasketItem } from '@mandira/contract/baskets';
import { type DataTableColumn, EXCEL_FORMATS } from '../../lib/data-table/column.ts';
import { exportToExcel } from '../../lib/data-table/export-to-excel.ts';
import { fetchAllBaskets } from './api.ts';

type BasketLine = { basket: Basket; item: BasketItem };

/** One row per basket line, the buyer repeated on each, so the file sorts and filters in Excel. */
const LINE_COLUMNS: DataTableColumn<BasketLine>[] = [
  { id: 'buyerCode', header: 'Müşteri Kodu', value: (line) => line.basket.buyer.code },
  { id: 'buyerTitle', header: 'Müşteri', value: (line) => line.basket.buyer.title },
  { id: 'stockCode', header: 'Stok Kodu', value: (line) => line.item.product.stockCode ?? '' },
  { id: 'product', header: 'Ürün', value: (line) => line.item.product.name },
  { id: 'boxes', header: 'Koli', value: (line) => line.item.boxQuantity },
  { id: 'pieces', header: 'Adet', value: (line) => line.item.quantity },
  { id: 'total', header: 'Tutar', value: (line) => line.item.totalPrice, excelFormat: EXCEL_FORMATS.money },
];

/** The Excel file of every basket the screen lists, all pages, not only the one on screen. */
export async function exportBaskets(q: string, buyerId?: number): Promise<void> {
  const baskets = await fetchAllBaskets(q, buyerId);
  const lines = baskets.flatMap((basket) => basket.basketItems.map((item) => ({ basket, item })));
  await exportToExcel('siparis-sepetleri', LINE_COLUMNS, lines);
}
