import type { Order, OrderItem } from '@mandira/contract/orders';
import type { ScanAnswer } from '@mandira/contract/scan';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import type { PreparedCounts } from './prepare-count.ts';
import { PrepareScanModal } from './prepare-scan-modal.tsx';

const beep = vi.hoisted(() => vi.fn());
vi.mock('../../lib/scanning/beep.ts', () => ({ beep }));
const bulk = vi.hoisted(() => ({ mutateAsync: vi.fn() }));
vi.mock('./api.ts', () => ({ useBulkWarehouseStep: () => bulk }));
vi.mock('../../lib/modals/confirm.tsx', () => ({ confirmAction: async () => true }));

// Typing codes into the field takes a while on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const line = (id: number, overrides: Partial<OrderItem>) =>
  ({
    id,
    productContent: [],
    statusDescription: { name: 'PREPARING', label: 'Hazırlanıyor' },
    ...overrides,
  }) as OrderItem;

const cheese = line(1, {
  productId: 5,
  productName: 'Kaşar 1 kg Koli',
  stockCode: 'KSR-K',
  barcode: '8690000000011',
  quantity: 36,
  quantityInBox: 12,
});
const butter = line(2, {
  productId: 6,
  productName: 'Tereyağı 500 g',
  stockCode: 'TRY-5',
  barcode: '8690000000035',
  quantity: 2,
  quantityInBox: 0,
});
const waiting = line(3, {
  productId: 7,
  productName: 'Ayran',
  stockCode: 'AYR',
  barcode: '8690000000042',
  quantity: 5,
  quantityInBox: 0,
  statusDescription: { name: 'WAITING_FOR_WAREHOUSE_OPERATION', label: 'Depo Operasyonu Bekliyor' },
});
const order = { id: 40, orderNumber: 'S-1040', orderItems: [cheese, butter, waiting] } as unknown as Order;

const answer = (product: { id: number; name: string; stockCode: string; barcode: string } | null) =>
  ({
    code: '',
    format: 'EAN_13',
    matchedBy: product ? 'BARCODE' : null,
    item: null,
    products: product ? [product] : [],
    count: null,
    itemCount: null,
    lotCode: null,
  }) as unknown as ScanAnswer;

const answers: Record<string, ScanAnswer> = {
  '8690000000011': answer({ id: 5, name: 'Kaşar 1 kg Koli', stockCode: 'KSR-K', barcode: '8690000000011' }),
  '8690000000035': answer({ id: 6, name: 'Tereyağı 500 g', stockCode: 'TRY-5', barcode: '8690000000035' }),
  '8690000000042': answer({ id: 7, name: 'Ayran', stockCode: 'AYR', barcode: '8690000000042' }),
};

beforeEach(() => {
  beep.mockReset();
  bulk.mutateAsync.mockReset();
  bulk.mutateAsync.mockResolvedValue([]);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const code = new URL(url, 'http://portal').searchParams.get('code') ?? '';
      return Response.json({ success: true, data: answers[code] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Page() {
  const [counts, setCounts] = useState<PreparedCounts>({});
  return <PrepareScanModal order={order} counts={counts} onCountsChange={setCounts} onClose={() => {}} />;
}

const progressOf = (name: string) =>
  within(screen.getAllByTestId('prepare-line').find((card) => card.textContent?.includes(name))!).getByTestId(
    'prepare-progress',
  );

describe('preparing an order by scanning its boxes', () => {
  it('counts each box on its line, refuses a box of no preparing line with the error tone, and moves the lines counted in full on', async () => {
    const { user } = renderWithProviders(<Page />);
    expect(screen.getAllByTestId('prepare-line')).toHaveLength(2);
    expect(progressOf('Kaşar')).toHaveTextContent('0 / 3 koli okundu');
    const field = screen.getByLabelText('Koli okut');

    await user.type(field, '8690000000011{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Kaşar 1 kg Koli: 1 / 3 koli okundu.');
    expect(beep).toHaveBeenLastCalledWith('ok');

    // Ayran is in the order but not yet in preparation: not a box of this preparation.
    await user.type(field, '8690000000042{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Yanlış ürün okutuldu: Ayran (AYR). Bu siparişte okutulacak ürünler: Kaşar 1 kg Koli (KSR-K), Tereyağı 500 g (TRY-5).',
    );
    expect(beep).toHaveBeenLastCalledWith('error');
    expect(progressOf('Kaşar')).toHaveTextContent('1 / 3 koli okundu');

    // Typing stays possible: two more boxes by hand, the butter by scanning.
    await user.click(screen.getByRole('button', { name: 'Kaşar 1 kg Koli: bir koli ekle' }));
    await user.click(screen.getByRole('button', { name: 'Kaşar 1 kg Koli: bir koli ekle' }));
    expect(progressOf('Kaşar')).toHaveTextContent('3 / 3 koli okundu');
    await user.type(field, '8690000000035{Enter}');
    await user.type(field, '8690000000035{Enter}');
    await waitFor(() => expect(progressOf('Tereyağı')).toHaveTextContent('2 / 2 adet okundu'));
    await user.type(field, '8690000000035{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tereyağı 500 g kaleminin tamamı okundu (2 adet). Fazlasını ayırınız.',
    );

    await user.click(screen.getByRole('button', { name: 'Hazırlandı, Yüklemeye Geç (2)' }));
    await waitFor(() =>
      expect(bulk.mutateAsync).toHaveBeenCalledWith({
        action: 'PREPARED_WAITING_FOR_LOADING',
        orderItemIds: [1, 2],
      }),
    );
  });
});
