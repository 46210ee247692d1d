import type { AuditEntry, AuditPage } from '@mandira/contract/audit';
import { getCurrentUser } from '@mandira/contract/operations/access';
import { listAuditEntries } from '@mandira/contract/operations/audit';
import type { PrivilegeKey } from '@mandira/contract/roles';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { API_BASE, urlOf } from '../../api/client.ts';
import { useCurrentUser } from '../../api/current-user.ts';
import { HistoryButton } from './history-drawer.tsx';

const ME_PATH = `${API_BASE}${urlOf(getCurrentUser)}`;
const AUDIT_PATH = `${API_BASE}${urlOf(listAuditEntries)}`;

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    at: '2026-11-24T09:30:00Z',
    actorId: 2,
    actorName: 'Ayşe Yılmaz',
    action: 'UPDATE',
    actionLabel: 'Güncelleme',
    entityType: 'ORDER',
    entityLabel: 'Sipariş',
    entityId: 12,
    entityName: '1042 · Ahmet Gıda',
    orderId: 12,
    changes: [],
    ...overrides,
  };
}

const FIRST: AuditPage = {
  content: [
    entry(30, {
      action: 'FORWARD_TO_IN_REVIEW',
      actionLabel: 'İncelemeye Al',
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
    }),
    entry(29, {
      action: 'APPROVE',
      actionLabel: 'Onay',
      entityType: 'ORDER_ITEM',
      entityLabel: 'Sipariş Kalemi',
      entityId: 40,
      entityName: '1042 · Beyaz Peynir 500 Gr',
      actorName: 'Mehmet Öztürk',
      changes: [
        {
          field: 'quantity',
          fieldLabel: 'Miktar',
          before: 1200,
          after: 1500.5,
          beforeLabel: null,
          afterLabel: null,
        },
      ],
    }),
  ],
  page: 1,
  size: 20,
  count: 3,
  totalPages: 2,
};
const SECOND: AuditPage = {
  content: [entry(3, { action: 'CREATE', actionLabel: 'Oluşturma', actorName: 'Sistem' })],
  page: 2,
  size: 20,
  count: 3,
  totalPages: 2,
};
const EMPTY: AuditPage = { content: [], page: 1, size: 20, count: 0, totalPages: 0 };

let privileges: PrivilegeKey[];
let pages: AuditPage[];
const asked: URL[] = [];

/** The server at the network boundary: who is signed in, and the trail a page at a time. */
function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://portal.test');
  asked.push(url);
  const json = (data: unknown) => Promise.resolve(Response.json({ success: true, data }));
  if (url.pathname === ME_PATH) {
    return json({
      id: 1,
      userName: 'ayse',
      name: 'Ayşe',
      surname: 'Yılmaz',
      email: '',
      phone: '',
      status: 'ACTIVE',
      roles: [],
      privileges,
    });
  }
  if (url.pathname === AUDIT_PATH) return json(pages[Number(url.searchParams.get('page')) - 1]);
  return Promise.resolve(new Response(null, { status: 404 }));
}

/** Rendered once the signed-in user's privileges have arrived, so an absent button is a decision. */
function PrivilegesKnown() {
  return useCurrentUser().data ? <span data-testid="privileges-known" /> : null;
}

function renderButton() {
  return renderWithProviders(
    <MemoryRouter>
      <HistoryButton variant="button" entityType="ORDER" entityId={12} />
      <PrivilegesKnown />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  privileges = ['AUDIT_VIEW'];
  pages = [FIRST, SECOND];
  asked.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
});
afterEach(() => vi.unstubAllGlobals());

describe('the Geçmiş drawer', () => {
  it("lists an order's trail newest first, with its items' entries, and loads more on request", async () => {
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Geçmiş' }));

    const drawer = await screen.findByRole('dialog', { name: 'Geçmiş · Sipariş: 1042 · Ahmet Gıda' });
    const entries = await within(drawer).findAllByTestId('audit-entry');
    expect(entries).toHaveLength(2);
    expect(within(drawer).getByTestId('audit-count')).toHaveTextContent('3 işlemin 2 tanesi');

    // The order's own step: its label, who, when (Istanbul), the status change by its labels.
    expect(entries[0]).toHaveTextContent('İncelemeye Al');
    expect(entries[0]).toHaveTextContent('Ayşe Yılmaz');
    expect(entries[0]).toHaveTextContent('24.11.2026 12:30');
    expect(entries[0]).toHaveTextContent('Durum: İnceleme Bekliyor → İncelemede');
    expect(entries[0]).not.toHaveTextContent('Ahmet Gıda');
    expect(entries[0]).not.toHaveTextContent('FORWARD_TO_IN_REVIEW');
    // An item of the order names its own record by name; numbers the Turkish way.
    expect(entries[1]).toHaveTextContent('Onay');
    expect(entries[1]).toHaveTextContent('Sipariş Kalemi: 1042 · Beyaz Peynir 500 Gr');
    expect(entries[1]).not.toHaveTextContent('#40');
    expect(entries[1]).toHaveTextContent('Miktar: 1.200 → 1.500,5');

    const request = asked.find((url) => url.pathname === AUDIT_PATH)!;
    expect(Object.fromEntries(request.searchParams)).toEqual({
      entityType: 'ORDER',
      entityId: '12',
      page: '1',
      size: '20',
    });

    expect(within(drawer).getByRole('link', { name: "Tümünü İşlem Geçmişi'nde aç" })).toHaveAttribute(
      'href',
      '/islem-gecmisi?entityType=ORDER&entityId=12',
    );

    await user.click(within(drawer).getByRole('button', { name: 'Daha fazla' }));
    await within(drawer).findByText('Sistem');
    expect(within(drawer).getAllByTestId('audit-entry')).toHaveLength(3);
    expect(within(drawer).getByText('Oluşturma')).toBeInTheDocument();
    expect(within(drawer).getByTestId('audit-count')).toHaveTextContent('3 işlem');
    expect(within(drawer).queryByRole('button', { name: 'Daha fazla' })).not.toBeInTheDocument();
  });

  it('says so when the record has no trail', async () => {
    pages = [EMPTY];
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Geçmiş' }));
    expect(await screen.findByText('Bu kayıt için işlem geçmişi yok')).toBeInTheDocument();
  });

  it('shows the refusal and a retry when the trail cannot be read', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        String(input).startsWith(AUDIT_PATH)
          ? Promise.resolve(
              Response.json(
                { success: false, error: { code: 'FORBIDDEN', message: 'Bu işlem için yetkiniz yok.' } },
                { status: 403 },
              ),
            )
          : fakeFetch(input),
      ),
    );
    const { user } = renderButton();
    await user.click(await screen.findByRole('button', { name: 'Geçmiş' }));
    expect(await screen.findByText('Geçmiş yüklenemedi')).toBeInTheDocument();
    expect(screen.getByText('Bu işlem için yetkiniz yok.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
  });

  it('is not offered without AUDIT_VIEW, and asks for no trail', async () => {
    privileges = ['ORDER_REVIEW'];
    renderButton();
    await screen.findByTestId('privileges-known');
    expect(screen.queryByRole('button', { name: 'Geçmiş' })).not.toBeInTheDocument();
    expect(asked.some((url) => url.pathname === AUDIT_PATH)).toBe(false);
  });
});
