import type { ShipmentContentLine } from '@mandira/contract/shipments';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { scanAnswer, serveScans } from '../../../test/scan-answer.ts';
import { AcceptScan } from './accept-scan.tsx';

const beep = vi.hoisted(() => vi.fn());
vi.mock('../../lib/scanning/beep.ts', () => ({ beep }));

const line = (orderItemId: number, orderNumber: number, barcode: string, productName: string) =>
  ({
    orderId: orderItemId * 10,
    orderNumber,
    orderItemId,
    buyer: { id: 1, title: 'Bakkal Ahmet', code: 'B1' },
    productName,
    stockCode: null,
    barcode,
    quantityInBox: 12,
    pieces: 24,
    boxes: 2,
    warehouseLoads: [],
    itemStatusDetail: { name: 'LOADED', label: 'Yüklendi' },
  }) as unknown as ShipmentContentLine;

const waiting = [
  line(1, 101, 'KASAR', 'Kaşar 1 kg Koli'),
  line(2, 102, 'YOGURT', 'Yoğurt 3 kg'),
  line(3, 103, 'KASAR', 'Kaşar 1 kg Koli'),
];

const answer = (barcode: string | null) =>
  scanAnswer({ products: barcode ? [{ id: 99, name: `Ürün ${barcode}`, stockCode: null, barcode }] : [] });

afterEach(() => {
  vi.unstubAllGlobals();
  beep.mockClear();
});

describe('load acceptance by scanning', () => {
  it('accepts the one waiting line of the scanned product, asking which when several carry it', async () => {
    serveScans({ Y: answer('YOGURT'), K: answer('KASAR') });
    const onAccept = vi.fn();
    const { user } = renderWithProviders(<AcceptScan waiting={waiting} onAccept={onAccept} />);
    const field = screen.getByLabelText('Kabul için barkod / karekod');
    await user.type(field, 'Y{Enter}');
    await vi.waitFor(() => expect(onAccept).toHaveBeenCalledWith(waiting[1]));
    await user.type(field, 'K{Enter}');
    const choice = await screen.findByRole('group', { name: 'Hangi yükleme kabul edilsin?' });
    expect(onAccept).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Sipariş 103 · Bakkal Ahmet · 24 adet' }));
    expect(onAccept).toHaveBeenLastCalledWith(waiting[2]);
    expect(choice).not.toBeInTheDocument();
    expect(beep.mock.calls).toEqual([['ok'], ['ok']]);
  });

  it('refuses a code of no waiting line with a sound and the reason', async () => {
    serveScans({ SUT: answer('SUT'), YOK: answer(null) });
    const onAccept = vi.fn();
    const { user } = renderWithProviders(<AcceptScan waiting={waiting} onAccept={onAccept} />);
    const field = screen.getByLabelText('Kabul için barkod / karekod');
    await user.type(field, 'SUT{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Okutulan ürün (Ürün SUT) kabul bekleyen yüklemeler arasında yok.',
    );
    await user.type(field, 'YOK{Enter}');
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Bu kod ile kayıtlı ürün bulunamadı.'),
    );
    expect(onAccept).not.toHaveBeenCalled();
    expect(beep.mock.calls).toEqual([['error'], ['error']]);
  });
});
