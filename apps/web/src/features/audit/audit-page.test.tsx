import type { AuditPage as AuditPageData } from '@mandira/contract/audit';
import { screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import AuditPage from './audit-page.tsx';

const ANSWER: AuditPageData = {
  content: [
    {
      id: 8,
      at: '2026-11-24T07:05:00Z',
      actorId: 3,
      actorName: 'Zeynep Kaya',
      action: 'FORWARD_TO_IN_REVIEW',
      entityType: 'ORDER',
      entityId: 12,
      orderId: 12,
      changes: [{ field: 'status', before: 'WAITING_FOR_REVIEW', after: 'IN_REVIEW' }],
    },
    {
      id: 7,
      at: '2026-11-24T06:00:00Z',
      actorId: null,
      actorName: 'Sistem',
      action: 'SOME_FUTURE_CODE',
      entityType: 'PAYMENT',
      entityId: 4,
      orderId: 12,
      changes: [{ field: 'amount', before: null, after: 2500 }],
    },
  ],
  page: 1,
  size: 50,
  count: 2,
  totalPages: 1,
};

const asked: URL[] = [];

function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://portal.test');
  asked.push(url);
  if (url.pathname === '/api/audit') return Promise.resolve(Response.json({ success: true, data: ANSWER }));
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

describe('İşlem Geçmişi', () => {
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
    expect(within(first).getByRole('link', { name: 'Sipariş #12' })).toHaveAttribute(
      'href',
      '/islem-gecmisi?entityType=ORDER&entityId=12',
    );
    expect(first).toHaveTextContent('Durum: İnceleme Bekliyor → İncelemede');
    const second = rows.find((row) => within(row).queryByText('Sistem'))!;
    // A code the web has no name for yet is shown as it is.
    expect(second).toHaveTextContent('SOME_FUTURE_CODE');
    expect(second).toHaveTextContent('Ödeme #4');
    expect(second).toHaveTextContent('Tutar: — → 2.500');

    expect(Object.fromEntries(asked.at(-1)!.searchParams)).toEqual({
      entityType: 'ORDER',
      entityId: '12',
      page: '1',
      size: '50',
    });
    expect(screen.getByLabelText('Kayıt türü', { selector: 'input' })).toHaveValue('Sipariş');
    expect(screen.getByLabelText('Kayıt no', { selector: 'input' })).toHaveValue('12');

    await user.click(screen.getByLabelText('İşlem', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Onay (APPROVE)' }));
    await vi.waitFor(() =>
      expect(screen.getByTestId('address')).toHaveTextContent(
        '/islem-gecmisi?entityType=ORDER&entityId=12&action=APPROVE',
      ),
    );
    await vi.waitFor(() => expect(asked.at(-1)!.searchParams.get('action')).toBe('APPROVE'));
  });
});
