import { UNKNOWN_CODE_MESSAGE } from '@mandira/contract/scan';

/** An item as the scan messages name it. */
type Named = { name: string; stockCode: string };

const named = (item: Named) => `${item.name} (${item.stockCode})`;

/** A scanned box that is not the item the line asks for: refused on the spot with this. */
export const wrongItemMessage = (scanned: Named | null, expected: Named) =>
  scanned
    ? `Yanlış ürün okutuldu: ${named(scanned)}. Bu satır için ${named(expected)} okutunuz.`
    : `${UNKNOWN_CODE_MESSAGE} Bu satır için ${named(expected)} okutunuz.`;

export { UNKNOWN_CODE_MESSAGE };

export const CAMERA_MESSAGES = {
  unavailable: 'Bu cihazda kamera kullanılamıyor. Kodu okuyucuyla okutunuz veya elle yazınız.',
  denied: 'Kamera izni verilmedi. Tarayıcı ayarlarından kameraya izin veriniz.',
  failed: 'Kamera açılamadı. Kodu okuyucuyla okutunuz veya elle yazınız.',
} as const;

/** A scanned box of none of an order's lines: what was scanned, what the order's lines are. */
export const notInOrderMessage = (scanned: Named | null, lines: readonly Named[]) =>
  lines.length === 1
    ? wrongItemMessage(scanned, lines[0]!)
    : `${scanned ? `Yanlış ürün okutuldu: ${named(scanned)}.` : UNKNOWN_CODE_MESSAGE} Bu siparişte okutulacak ürünler: ${lines.map(named).join(', ')}.`;
