/**
 * What one stored row can hold (decision 94): pieces in a 4-byte integer column, money in numeric(14,2).
 * Sums over many rows are computed wider and answered whole; a write whose own row, or whose kept sum
 * (a product's reservations, a basket's or an order's total), would pass these is refused with 422.
 */

/** Pieces one row holds: a stock line, a basket line, an order item, a product's reservation counter. */
export const MAX_PIECES = 2_147_483_647;

/** TL one money column holds: an order's total, a price, a ledger amount (numeric(14,2)). */
export const MAX_MONEY = 999_999_999_999.99;

const pieces = (value: number) => value.toLocaleString('tr-TR', { maximumFractionDigits: 0 });
/** TL as the messages show them: '1.512,70'. */
export const liraText = (value: number) =>
  value.toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const TOO_MANY_PIECES_IN_LINE_MESSAGE = (product: string, total: number) =>
  `'${product}' ürününün sepet satırı ${pieces(total)} adede çıkamaz (bir satır en çok ${pieces(MAX_PIECES)} adet tutar). Hiçbir değişiklik yapılmadı.`;

export const TOO_MANY_PIECES_WAITING_MESSAGE = (product: string, total: number) =>
  `'${product}' ürünü için sepetlerde ve siparişlerde bekleyen adet ${pieces(total)} olamaz (en çok ${pieces(MAX_PIECES)}). Hiçbir değişiklik yapılmadı.`;

export const BASKET_TOTAL_TOO_LARGE_MESSAGE = (total: number) =>
  `Sepet tutarı ${liraText(total)} ₺ olurdu; bir sepet ve sipariş en çok ${liraText(MAX_MONEY)} ₺ tutabilir. Hiçbir değişiklik yapılmadı.`;

export const ORDER_TOTAL_TOO_LARGE_MESSAGE = (total: number) =>
  `Sipariş tutarı ${liraText(total)} ₺ olurdu; bir sipariş en çok ${liraText(MAX_MONEY)} ₺ tutabilir. Sepeti küçültüp yeniden deneyiniz.`;

export const BOX_PRICE_TOO_LARGE_MESSAGE = `Bir kolinin tutarı (koli içi adet × fiyat) en çok ${liraText(MAX_MONEY)} ₺ olabilir.`;
