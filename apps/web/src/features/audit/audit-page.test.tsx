import type { AuditPage as AuditPageData } from '@mandira/contract/audit';
import type { AuditChainCheck } from '@mandira/contract/audit-chain';
import { listAuditEntries, searchAuditRecords, verifyAuditChain } from '@mandira/contract/operations/audit';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { API_BASE, urlOf } from '../../api/client.ts';
import AuditPage from './audit-page.tsx';

const AUDIT_PATH = `${API_BASE}${urlOf(listAuditEntries)}`;
const CHAIN_PATH = `${API_BASE}${urlOf(verifyAuditChain)}`;
const RECORDS_PATH = `${API_BASE}${urlOf(searchAuditRecords)}`;

const ANSWER: AuditPageData = {
  content: [
    {
      id: 8,
      at: '2026-11-24T07:05:00Z',
      actorId: 3,
      actorName: 'Zeynep Kaya',
      action: 'FORWARD_TO_IN_REVIEW',
      actionLabel: 'İncelemeye Al',
      entityType: 'ORDER',
      entityLabel: 'Sipariş',
      entityId: 12,
      entityName: '1042 · Ahmet Gıda',
      orderId: 12,
      changes: [
        {
          field: 'status',
          fieldLabel: 'Durum',
          before: 'WAITING_FOR_REVIEW',
          after: 'IN_REVIEW',
          beforeLabel: 'İnceleme Bekliyor',
          afterLabel: 'İncelemede',
        },
      ],
    },
    {
      id: 7,
      at: '2026-11-24T06:00:00Z',
      actorId: null,
      actorName: 'Sistem',
      action: 'SHIPMENT_OUTBOUND',
      actionLabel: 'Sevkiyat Çıkışı',
      entityType: 'STOCK',
      entityLabel: 'Stok',
      entityId: 37,
      entityName: 'Beyaz Peynir 500 Gr · Depo-1',
      orderId: 12,
      changes: [
        {
          field: 'quantity',
          fieldLabel: 'Miktar',
          before: 2512,
          after: 2500,
          beforeLabel: null,
          afterLabel: null,
        },
        {
          field: 'buyerId',
          fieldLabel: 'Müşteri',
          before: null,
          after: 1,
          beforeLabel: null,
          afterLabel: 'Ahmet Gıda',
        },
      ],
    },
  ],
  page: 1,
  size: 50,
  count: 2,
  totalPages: 1,
};

/** What `searchAuditRecords` finds, by kind. */
const RECORDS: Record<string, { id: number; name: string }[]> = {
  ORDER: [
    { id: 12, name: '1042 · Ahmet Gıda' },
    { id: 13, name: '1043 · Kızılay Market' },
  ],
  USER: [
    { id: 3, name: 'Zeynep Kaya' },
    { id: 5, name: 'Mehmet Öztürk' },
  ],
};

const asked: URL[] = [];
let chain: AuditChainCheck;

function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://portal.test');
  asked.push(url);
  if (url.pathname === AUDIT_PATH) return Promise.resolve(Response.json({ success: true, data: ANSWER }));
  if (url.pathname === CHAIN_PATH) return Promise.resolve(Response.json({ success: true, data: chain }));
  if (url.pathname === RECORDS_PATH) {
    const kind = url.searchParams.get('entityType');
    const q = url.searchParams.get('q') ?? '';
    const id = url.searchParams.get('id');
    const records = RECORDS[kind ?? ''] ?? [];
    const found = records.filter((one) =>
      id ? one.id === Number(id) : one.name.toLocaleLowerCase('tr-TR').includes(q.toLocaleLowerCase('tr-TR')),
    );
    return Promise.resolve(Response.json({ success: true, data: found }));
  }
  return Promise.resolve(new Response(null, { status: 404 }));
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

// Typing into two pickers and waiting for the server's answers takes a while on a busy machine.
describe('İşlem Geçmişi', { timeout: 20_000 }, () => {
  it('opens filtered from its address, shows the entries in Turkish, and keeps a new filter in the address', async () => {
    const { user } = renderWithProviders(
      <MemoryRouter initialEntries={['/islem-gecmisi?entityType=ORDER&entityId=12']}>
        <AuditPage />
        <Address />
      </MemoryRouter>,
    );
    await screen.findByText('Zeynep Kaya');
    const rows = screen.getAllByRole('row');
    const first = rows.find((row) => within(row).queryByText('Zeynep Kaya'))!;
    expect(first).toHaveTextContent('24.11.2026 10:05');
    expect(first).toHaveTextContent('İncelemeye Al');
    expect(within(first).getByRole('link', { name: 'Sipariş: 1042 · Ahmet Gıda' })).toHaveAttribute(
      'href',
      '/islem-gecmisi?entityType=ORDER&entityId=12',
    );
    expect(first).toHaveTextContent('Durum: İnceleme Bekliyor → İncelemede');
    const second = rows.find((row) => within(row).queryByText('Sistem'))!;
    // Codes and record numbers by their names.
    expect(second).toHaveTextContent('Sevkiyat Çıkışı');
    expect(second).toHaveTextContent('Stok: Beyaz Peynir 500 Gr · Depo-1');
    expect(second).toHaveTextContent('Miktar: 2.512 → 2.500');
    expect(second).toHaveTextContent('Müşteri: — → Ahmet Gıda');
    expect(second).not.toHaveTextContent(/SHIPMENT_OUTBOUND|#37/);

    expect(
      Object.fromEntries(asked.filter((url) => url.pathname === AUDIT_PATH).at(-1)!.searchParams),
    ).toEqual({
      entityType: 'ORDER',
      entityId: '12',
      page: '1',
      size: '50',
    });
    expect(screen.getByLabelText('Kayıt türü', { selector: 'input' })).toHaveValue('Sipariş');
    // The record from the address is shown by its name.
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Kayıt', { selector: 'input' })).toHaveValue('1042 · Ahmet Gıda'),
    );

    await user.click(screen.getByLabelText('İşlem', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Onay' }));
    await vi.waitFor(
      () =>
        expect(screen.getByTestId('address')).toHaveTextContent(
          '/islem-gecmisi?entityType=ORDER&entityId=12&action=APPROVE',
        ),
      { timeout: 5_000 },
    );
    // The new filter's request waits for the page's debounce; a busy machine may take longer than 1 s.
    // The list's request, not another lookup the page makes meanwhile (the record's name, the users).
    await vi.waitFor(
      () =>
        expect(
          asked
            .filter((url) => url.pathname === AUDIT_PATH)
            .at(-1)!
            .searchParams.get('action'),
        ).toBe('APPROVE'),
      { timeout: 5_000 },
    );
  });

  it('picks a user and a record by name, and sends their numbers', async () => {
    const { user } = renderWithProviders(
      <MemoryRouter initialEntries={['/islem-gecmisi?entityType=ORDER']}>
        <AuditPage />
        <Address />
      </MemoryRouter>,
    );
    await screen.findByText('Zeynep Kaya');
    await user.type(screen.getByLabelText('Kullanıcı', { selector: 'input' }), 'mehmet');
    await user.click(await screen.findByRole('option', { name: 'Mehmet Öztürk' }));
    await vi.waitFor(() => expect(screen.getByTestId('address')).toHaveTextContent('actorId=5'));

    await user.type(screen.getByLabelText('Kayıt', { selector: 'input' }), 'kızılay');
    await user.click(await screen.findByRole('option', { name: '1043 · Kızılay Market' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(
        '/islem-gecmisi?entityType=ORDER&entityId=13&actorId=5',
      ),
    );
    await vi.waitFor(() =>
      expect(
        Object.fromEntries(asked.filter((url) => url.pathname === AUDIT_PATH).at(-1)!.searchParams),
      ).toMatchObject({
        entityType: 'ORDER',
        entityId: '13',
        actorId: '5',
      }),
    );
  });

  it('verifies the trail on asking, and names the first broken entry', async () => {
    const { user } = renderWithProviders(
      <MemoryRouter initialEntries={['/islem-gecmisi']}>
        <AuditPage />
      </MemoryRouter>,
    );
    await screen.findByText('Zeynep Kaya');
    expect(asked.some((url) => url.pathname === CHAIN_PATH)).toBe(false);
    chain = {
      ok: true,
      checked: 1512,
      head: { position: 1512, entryId: 1600, hash: 'ab'.repeat(32) },
      broken: null,
    };
    await user.click(screen.getByRole('button', { name: 'Denetim Kaydını Doğrula' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Denetim kaydı sağlam: 1.512 kayıt doğrulandı.',
    );
    expect(screen.getByRole('status')).toHaveTextContent(`Son halka: 1512:${'ab'.repeat(32)}`);

    chain = {
      ok: false,
      checked: 41,
      head: null,
      broken: {
        entryId: 1042,
        position: 42,
        reason: 'CHANGED',
        message: 'Denetim kaydı bozuk: 1.042 numaralı kayıt sonradan değiştirilmiş.',
      },
    };
    await user.click(screen.getByRole('button', { name: 'Denetim Kaydını Doğrula' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Denetim kaydı bozuk: 1.042 numaralı kayıt sonradan değiştirilmiş.',
    );
  });
});
