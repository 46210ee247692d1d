import {
  ORDER_ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  type OrderItemStatus,
  type OrderStatus,
} from '@mandira/contract/order-machines';
import type { Order, OrderItem } from '@mandira/contract/orders';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { OrderPanel } from './order-panel.tsx';

function item(id: number, status: OrderItemStatus, overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id,
    productId: id,
    productName: `Ürün ${id}`,
    stockCode: `STK-${id}`,
    barcode: null,
    stockHoldingText: '1500 Gr Vakumlu Paket',
    statusDescription: { name: status, label: ORDER_ITEM_STATUS_LABELS[status] },
    orderedQuantity: 24,
    quantity: 24,
    quantityInBox: 6,
    boxQuantity: 4,
    loadedQuantity: 0,
    remainingQuantity: 24,
    unitPrice: 10,
    discount: 0,
    netUnitPrice: 10,
    approvedQuantity: null,
    approvedAmount: null,
    plannedShipmentVehicleId: null,
    plannedShipmentVehicleDescription: null,
    productContent: [],
    warehouseLoads: [],
    deliveryShipments: [],
    deliveryVehicleDescription: null,
    onDelivery: false,
    ...overrides,
  };
}

function order(status: OrderStatus, orderItems: OrderItem[], overrides: Partial<Order> = {}): Order {
  return {
    id: 7,
    orderNumber: 1042,
    buyerId: 3,
    buyer: { id: 3, title: 'Deniz Süt', code: 'M-3' },
    buyerRequestReferenceCode: 'REF-9',
    buyerBranch: null,
    buyerBranchDescription: null,
    statusDescription: { name: status, label: ORDER_STATUS_LABELS[status] },
    colorGroup: null,
    colorGroupDescription: null,
    createdAt: '2026-11-24T09:30:00+03:00',
    plannedShipmentDate: '2026-11-26',
    completedAt: null,
    amountSummary: { totalPriceOnTransaction: 0, dealtTotalPriceOnTransaction: 0 },
    amounts: { ordered: 240, approved: null, delivered: 0, billed: 0 },
    plannedShipmentVehicleId: null,
    plannedShipmentVehicleDescription: null,
    estimatedPaletteCount: null,
    orderItems,
    ...overrides,
  };
}

function renderPanel(shown: Order, busy = false) {
  const handlers = { onStep: vi.fn(), onPartial: vi.fn(), onPlan: vi.fn() };
  const rendered = renderWithProviders(<OrderPanel order={shown} busy={busy} {...handlers} />);
  return { ...rendered, ...handlers };
}

/** The buttons under the order's facts: its own steps, then 'Araç Planla'. */
const orderButtons = () =>
  screen
    .queryAllByRole('button')
    .filter((button) => !button.closest('[data-testid="order-item"]'))
    .map((button) => button.textContent);

/** The buttons (and truck icon) of one item's row. */
const itemButtons = (productName: string) =>
  within(screen.getByRole('row', { name: new RegExp(productName) }))
    .queryAllByRole('button')
    .map((button) => button.textContent || button.getAttribute('aria-label'));

describe('OrderPanel', () => {
  it('offers a waiting order only to be taken into review, cancelled or planned; items wait', () => {
    renderPanel(order('WAITING_FOR_REVIEW', [item(1, 'WAITING_FOR_APPROVAL')]));
    expect(orderButtons()).toEqual([
      'İncelemeye Al',
      'Satıcı Olarak İptal Et',
      'Alıcı Adına İptal Et',
      'Araç Planla',
    ]);
    expect(itemButtons('Ürün 1')).toEqual([]);
  });

  it('offers the review buttons of each item in review, partial approval only over one box', () => {
    renderPanel(
      order('IN_REVIEW', [
        item(1, 'WAITING_FOR_APPROVAL'),
        item(2, 'WAITING_FOR_APPROVAL', { orderedQuantity: 8, quantity: 8, quantityInBox: 6 }),
      ]),
    );
    // Nothing approved yet: nothing to send to the warehouse, nothing to complete.
    expect(orderButtons()).toEqual(['Satıcı Olarak İptal Et', 'Alıcı Adına İptal Et', 'Araç Planla']);
    expect(itemButtons('Ürün 1')).toEqual(['Ürün 1 için araç planla', 'Onayla', 'Kısmi Onayla', 'İptal Et']);
    expect(itemButtons('Ürün 2')).toEqual(['Ürün 2 için araç planla', 'Onayla', 'İptal Et']);
  });

  it('sends a reviewed order on to the warehouse; a canceled item can be approved again but not planned', () => {
    renderPanel(
      order('IN_REVIEW', [
        item(1, 'APPROVED', { approvedQuantity: 24, approvedAmount: 240 }),
        item(2, 'CANCELED', { approvedQuantity: 0, approvedAmount: 0 }),
      ]),
    );
    expect(orderButtons()).toEqual([
      'Onaylananları Depoya Gönder',
      'Depo Operasyonuna Gönder',
      'Satıcı Olarak İptal Et',
      'Alıcı Adına İptal Et',
      'Araç Planla',
    ]);
    expect(itemButtons('Ürün 1')).toEqual(['Ürün 1 için araç planla', 'İptal Et']);
    expect(itemButtons('Ürün 2')).toEqual(['Onayla', 'Kısmi Onayla']);
  });

  it('no longer offers to cancel once goods are on a truck', () => {
    renderPanel(
      order('IN_PROGRESS', [
        item(1, 'LOADED_TO_TRUCK_FROM_WAREHOUSE', { loadedQuantity: 24, approvedQuantity: 24 }),
      ]),
    );
    expect(orderButtons()).toEqual(['Araç Planla']);
  });

  it('offers nothing on a completed order', () => {
    renderPanel(
      order('COMPLETED', [item(1, 'DELIVERED_TO_BUYER', { approvedQuantity: 24, approvedAmount: 240 })]),
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('shows amounts, prices and quantities the Turkish way', () => {
    renderPanel(
      order(
        'IN_PROGRESS',
        [
          item(1, 'APPROVED', {
            orderedQuantity: 1500,
            quantity: 1500,
            unitPrice: 10.5,
            discount: 1.5,
            netUnitPrice: 9,
            approvedQuantity: 1200,
            approvedAmount: 10800,
          }),
          item(2, 'WAITING_FOR_APPROVAL'),
        ],
        {
          amounts: { ordered: 12345.5, approved: 10800, delivered: 0, billed: 0 },
          plannedShipmentVehicleDescription: '34 ABC 12 · Ford Cargo',
          estimatedPaletteCount: 12,
        },
      ),
    );
    const figures = screen.getByTestId('order-figures');
    expect(figures).toHaveTextContent('Sipariş Tutarı₺12.345,50');
    expect(figures).toHaveTextContent('Onaylanan Tutar₺10.800,00');
    expect(screen.getByText('26.11.2026')).toBeInTheDocument();
    expect(screen.getByText('24.11.2026 09:30')).toBeInTheDocument();
    expect(screen.getByTestId('planned-vehicle')).toHaveTextContent('34 ABC 12 · Ford Cargo (12 palet)');

    const approved = within(screen.getByRole('row', { name: /Ürün 1/ }));
    expect(approved.getByText('250 koli')).toBeInTheDocument();
    expect(approved.getByText('1.500 adet')).toBeInTheDocument();
    expect(approved.getByTestId('item-approved')).toHaveTextContent('200 koli1.200 adet');
    expect(approved.getByTestId('net-price')).toHaveTextContent('₺9,00');
    expect(approved.getByTestId('price-discount')).toHaveTextContent('₺10,50İndirim ₺1,50');
    expect(approved.getByTestId('item-approved-amount')).toHaveTextContent('₺10.800,00');

    const waiting = within(screen.getByRole('row', { name: /Ürün 2/ }));
    expect(waiting.getByTestId('item-approved')).toHaveTextContent('İncelenmedi');
    expect(waiting.getByTestId('item-approved-amount')).toHaveTextContent('İncelenmedi');
  });

  it('hands the chosen step to the screen, and a partial approval to its modal', async () => {
    const waiting = item(1, 'WAITING_FOR_APPROVAL');
    const shown = order('IN_REVIEW', [waiting]);
    const { user, onStep, onPartial, onPlan } = renderPanel(shown);

    await user.click(screen.getByRole('button', { name: 'Onayla' }));
    expect(onStep).toHaveBeenCalledWith({ kind: 'item', order: shown, item: waiting, action: 'APPROVE' });
    await user.click(screen.getByRole('button', { name: 'Kısmi Onayla' }));
    expect(onPartial).toHaveBeenCalledWith(shown, waiting);
    await user.click(screen.getByRole('button', { name: 'Satıcı Olarak İptal Et' }));
    expect(onStep).toHaveBeenLastCalledWith({ kind: 'order', order: shown, action: 'CANCEL_BY_SELLER' });
    await user.click(screen.getByRole('button', { name: 'Ürün 1 için araç planla' }));
    expect(onPlan).toHaveBeenCalledWith(shown, waiting);
  });

  it('holds every button while a step runs', () => {
    renderPanel(order('IN_REVIEW', [item(1, 'WAITING_FOR_APPROVAL')]), true);
    const buttons = screen.getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(0);
    for (const button of buttons) expect(button).toBeDisabled();
  });
});
