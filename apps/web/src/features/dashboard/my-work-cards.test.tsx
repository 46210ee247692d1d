import type { MyWork } from '@mandira/contract/my-work';
import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { MyWorkCards } from './my-work-cards.tsx';

const answer = vi.hoisted(() => ({ current: {} as { data?: MyWork; isPending: boolean; error: null } }));
vi.mock('../../api/dashboard.ts', () => ({ useMyWork: () => answer.current }));

const item = (key: MyWork[number]['key'], count: number, more = false): MyWork[number] => ({
  key,
  label: `Etiket ${key}`,
  count,
  more,
  relativePath: `/yol/${key}?durum=1`,
});

const renderCards = () =>
  renderWithProviders(
    <MemoryRouter>
      <MyWorkCards />
    </MemoryRouter>,
  );

describe("Ana Sayfa's work cards", () => {
  beforeEach(() => {
    answer.current = { isPending: false, error: null };
  });

  it('shows placeholders while the counts load', () => {
    answer.current = { isPending: true, error: null };
    renderCards();
    expect(screen.getByTestId('my-work-loading')).toBeTruthy();
  });

  it('says there is no work when every count is 0', () => {
    answer.current = { data: [item('ORDERS_WAITING_REVIEW', 0)], isPending: false, error: null };
    renderCards();
    expect(screen.getByText('Bekleyen işiniz yok.')).toBeTruthy();
    expect(screen.queryAllByTestId('my-work-card')).toHaveLength(0);
  });

  it('shows the cards with work, counted the Turkish way, each linking to its filtered screen', () => {
    answer.current = {
      data: [
        item('ORDERS_WAITING_REVIEW', 1234),
        item('MILK_DELIVERIES_TODAY', 0),
        item('ORDERS_OVERDUE_BALANCE', 500, true),
      ],
      isPending: false,
      error: null,
    };
    renderCards();
    const cards = screen.getAllByTestId('my-work-card');
    expect(cards.map((card) => card.getAttribute('data-key'))).toEqual([
      'ORDERS_WAITING_REVIEW',
      'ORDERS_OVERDUE_BALANCE',
    ]);
    expect(cards.map((card) => card.querySelector('[data-testid="my-work-count"]')?.textContent)).toEqual([
      '1.234',
      '500+',
    ]);
    expect(cards[0]!.getAttribute('href')).toBe('/yol/ORDERS_WAITING_REVIEW?durum=1');
    expect(screen.getByText('Etiket ORDERS_WAITING_REVIEW')).toBeTruthy();
  });
});
