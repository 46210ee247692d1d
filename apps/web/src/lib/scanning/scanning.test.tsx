import { resolveScan } from '@mandira/contract/operations/scan';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { API_BASE, urlOf } from '../../api/client.ts';
import type { BarcodeReader } from './barcode-reader.ts';
import { CameraScanButton } from './camera-scan.tsx';
import { ScanField } from './scan-field.tsx';
import { CAMERA_MESSAGES, UNKNOWN_CODE_MESSAGE, wrongItemMessage } from './scan-messages.ts';
import { useKeyboardWedge } from './use-keyboard-wedge.ts';
import { useScan } from './use-scan.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A clock the test moves: each key `gap` ms after the last. */
function steppingClock(gap: number) {
  let now = 0;
  return () => {
    now += gap;
    return now;
  };
}

function Screen({ onScan, gap }: { onScan: (code: string) => void; gap: number }) {
  useKeyboardWedge(onScan, { clock: steppingClock(gap) });
  return (
    <form>
      <label>
        Not
        <input name="note" />
      </label>
      <button type="button">Kaydet</button>
    </form>
  );
}

const press = (target: Element, text: string) => {
  for (const key of text) fireEvent.keyDown(target, { key });
  return fireEvent.keyDown(target, { key: 'Enter' });
};

describe('keyboard-wedge scanning', () => {
  it('takes a scanner’s fast keys anywhere on the screen and keeps its Enter from the form', () => {
    const onScan = vi.fn();
    renderWithProviders(<Screen onScan={onScan} gap={5} />);
    const notCancelled = press(screen.getByRole('button', { name: 'Kaydet' }), '8691234567890');
    expect(onScan).toHaveBeenCalledWith('8691234567890');
    expect(notCancelled).toBe(false);
  });

  it('leaves keys typed by hand, and keys typed into a text field, alone', () => {
    const onScan = vi.fn();
    const { unmount } = renderWithProviders(<Screen onScan={onScan} gap={150} />);
    press(document.body, '8691234567890');
    unmount();
    renderWithProviders(<Screen onScan={onScan} gap={5} />);
    press(screen.getByLabelText('Not'), '8691234567890');
    expect(onScan).not.toHaveBeenCalled();
  });

  it('takes a code typed into the scan field with Enter, and clears the field', async () => {
    const onScan = vi.fn();
    const { user } = renderWithProviders(<ScanField onScan={onScan} />);
    const field = screen.getByLabelText('Barkod / karekod');
    await user.type(field, 'STK-0042{Enter}');
    expect(onScan).toHaveBeenCalledWith('STK-0042');
    expect(field).toHaveValue('');
  });
});

/** A camera of one track, and a video element that plays in jsdom. */
function fakeCamera() {
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn().mockResolvedValue({ getTracks: () => [track] });
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return { track, getUserMedia };
}

describe('camera scanning', () => {
  it('opens the back camera, hands over the first code read, closes and stops the camera', async () => {
    const { track, getUserMedia } = fakeCamera();
    const detect = vi
      .fn<BarcodeReader['detect']>()
      .mockResolvedValueOnce([])
      .mockResolvedValue([{ rawValue: ']C10108691234567890' }]);
    const onScan = vi.fn();
    const { user } = renderWithProviders(
      <CameraScanButton onScan={onScan} loadReader={async () => ({ detect })} />,
    );
    await user.click(screen.getByRole('button', { name: 'Kamerayla okut' }));
    await waitFor(() => expect(onScan).toHaveBeenCalledWith(']C10108691234567890'), { timeout: 2000 });
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
    expect(detect.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('says so in Turkish when there is no camera or no permission', async () => {
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    const { user, unmount } = renderWithProviders(
      <CameraScanButton onScan={vi.fn()} loadReader={async () => ({ detect: vi.fn() })} />,
    );
    await user.click(screen.getByRole('button', { name: 'Kamerayla okut' }));
    expect(await screen.findByText(CAMERA_MESSAGES.unavailable)).toBeInTheDocument();
    unmount();

    const refused = Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn().mockRejectedValue(refused) },
    });
    const again = renderWithProviders(
      <CameraScanButton onScan={vi.fn()} loadReader={async () => ({ detect: vi.fn() })} />,
    );
    await again.user.click(screen.getByRole('button', { name: 'Kamerayla okut' }));
    expect(await screen.findByText(CAMERA_MESSAGES.denied)).toBeInTheDocument();
  });
});

function Resolved({ code }: { code: string }) {
  const scan = useScan(code);
  if (!scan.data) return <p>bekleniyor</p>;
  return <p>{scan.data.item ? `${scan.data.item.name} / ${scan.data.lotCode}` : UNKNOWN_CODE_MESSAGE}</p>;
}

describe('useScan and the messages', () => {
  it('asks GET /api/scan with the code encoded, and nothing for an empty code', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({ success: true, data: { item: { name: 'Taze Kaşar' }, lotCode: 'A1' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { rerender } = renderWithProviders(<Resolved code="" />);
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => rerender(<Resolved code={'(01)08691234567890(10)A1'} />));
    expect(await screen.findByText('Taze Kaşar / A1')).toBeInTheDocument();
    const sent = String((fetchMock.mock.calls[0] as unknown[])[0]);
    expect(sent).toBe(`${API_BASE}${urlOf(resolveScan, { query: { code: '(01)08691234567890(10)A1' } })}`);
    expect(new URL(sent, 'http://portal').pathname).toBe(`${API_BASE}${urlOf(resolveScan)}`);
    expect(new URL(sent, 'http://portal').searchParams.get('code')).toBe('(01)08691234567890(10)A1');
  });

  it('names the scanned and the expected item of a wrong box', () => {
    const expected = { name: 'Taze Kaşar 1 kg', stockCode: 'KSR-1' };
    expect(wrongItemMessage({ name: 'Süzme Yoğurt', stockCode: 'YGT-2' }, expected)).toBe(
      'Yanlış ürün okutuldu: Süzme Yoğurt (YGT-2). Bu satır için Taze Kaşar 1 kg (KSR-1) okutunuz.',
    );
    expect(wrongItemMessage(null, expected)).toBe(
      'Bu kod ile kayıtlı ürün bulunamadı. Bu satır için Taze Kaşar 1 kg (KSR-1) okutunuz.',
    );
  });
});
