import type { Envelope } from '@mandira/contract/envelope';
import { type UnpagedExtent, unpagedExtentOf } from '@mandira/contract/unpaged';
import { type RequestOptions, unwrap } from './client.ts';

/** The rows of an unpaged list, and what its headers say of how many matched (decision 113). */
export type BoundedRows<T> = { rows: T[]; extent: UnpagedExtent | null };

export async function fetchBounded<T>(
  send: (options: RequestOptions<T[]>) => Promise<Envelope<T[]>>,
): Promise<BoundedRows<T>> {
  let extent: UnpagedExtent | null = null;
  const rows = await unwrap(
    send({
      onHeaders: (headers) => {
        extent = unpagedExtentOf(headers);
      },
    }),
  );
  return { rows, extent };
}

/** What to tell the user when the server answered only the newest rows, or null for a whole list. */
export function cutMessage(extent: UnpagedExtent | null, noun: string): string | null {
  if (extent?.limit == null || (extent.total <= extent.limit && !extent.capped)) return null;
  const count = (value: number) => value.toLocaleString('tr-TR');
  const total = extent.capped ? `${count(extent.total)}'den fazla` : `toplam ${count(extent.total)}`;
  return `Excel dosyasına en yeni ${count(extent.limit)} ${noun} alındı; filtreye uyan ${total} ${noun} var. Hepsini almak için filtreyi daraltın.`;
}
