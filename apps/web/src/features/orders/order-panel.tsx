import {
  FINISHED_ITEM_STATUSES,
  ITEM_REVIEW_ACTIONS,
  OPEN_ORDER_STATUSES,
  type OrderItemStatus,
  type OrderStatus,
  orderItemMachine,
  orderMachine,
} from '@mandira/contract/order-machines';
import { itemContextOf, type Order, type OrderItem, orderContextOf } from '@mandira/contract/orders';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconTruck, IconTruckDelivery } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useHasPrivilege } from '../../api/current-user.ts';
import { HistoryButton } from '../../lib/audit/history-drawer.tsx';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../../lib/format/format.ts';
import { isBilled } from '../../lib/orders/billing.ts';
import { NetPrice } from '../../lib/orders/net-price.tsx';
import { ItemStatusBadge } from '../../lib/orders/order-status-badges.tsx';
import type { ItemStep } from './api.ts';
import type { OrderStep } from './use-order-steps.ts';

type Props = {
  order: Order;
  busy: boolean;
  onStep: (step: OrderStep) => void;
  onPartial: (order: Order, item: OrderItem) => void;
  /** Opens 'Araç Planla' for the order, or for one of its items. */
  onPlan: (order: Order, item?: OrderItem) => void;
};

const UNPLANNABLE_ITEM_STATUSES: readonly string[] = FINISHED_ITEM_STATUSES;

/** The planned vehicle of an order and its palettes, in one line. */
function plannedVehicleText(order: Order): string {
  if (!order.plannedShipmentVehicleDescription) return '';
  const palettes = order.estimatedPaletteCount;
  return palettes === null
    ? order.plannedShipmentVehicleDescription
    : `${order.plannedShipmentVehicleDescription} (${formatNumber(palettes)} palet)`;
}

const REVIEW_ACTIONS: readonly string[] = ITEM_REVIEW_ACTIONS;

/** The review buttons the contract's item machine allows for this item in this order, in table order. */
function reviewActionsOf(order: Order, item: OrderItem): ItemStep['action'][] {
  const status = item.statusDescription.name as OrderItemStatus;
  return orderItemMachine
    .actionsFrom(status, itemContextOf(order, item))
    .filter((action): action is ItemStep['action'] => REVIEW_ACTIONS.includes(action));
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm">{children || '–'}</Text>
    </div>
  );
}

/**
 * The vehicle planned for the item and, once loaded, the shipments and vehicles that carry it (decision
 * 102): a split item lists each truck with its pieces.
 */
function ItemVehicles({ item }: { item: OrderItem }) {
  return (
    <>
      {item.plannedShipmentVehicleDescription && (
        <Group gap={4} mt={4} wrap="nowrap" c="dimmed">
          <IconTruck size={14} />
          <Text fz="xs" data-testid="item-planned-vehicle">
            Planlanan: {item.plannedShipmentVehicleDescription}
          </Text>
        </Group>
      )}
      {item.deliveryShipments.map((shipment) => (
        <Group key={shipment.shipmentId} gap={4} mt={2} wrap="nowrap" c="teal.8">
          <IconTruckDelivery size={14} />
          <Text fz="xs" data-testid="item-delivery-vehicle">
            {shipment.shipmentCode} · {shipment.vehicleDescription} · {formatNumber(shipment.quantity)} adet ·{' '}
            {shipment.shipmentStatus.label}
          </Text>
        </Group>
      ))}
    </>
  );
}

/** Boxes over pieces, in two short lines so the table keeps room for its buttons. */
function BoxesAndPieces({ pieces, perBox }: { pieces: number; perBox: number }) {
  return (
    <>
      {perBox > 0 && <Text fz="sm">{formatNumber(Math.floor(pieces / perBox))} koli</Text>}
      <Text fz="xs" c="dimmed">
        {formatNumber(pieces)} adet
      </Text>
    </>
  );
}

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A figure that review has not given yet (decision 105). */
const NotReviewed = () => (
  <Text fz="xs" c="dimmed" span>
    İncelenmedi
  </Text>
);

/** A bill that review has not made yet (decision 143). */
const NotBilled = () => (
  <Text fz="xs" c="dimmed" span>
    Faturalanmadı (inceleme bitmedi)
  </Text>
);

/** The order's figures, each named for what it is (decision 105). */
function OrderFigures({ order }: { order: Order }) {
  const { amounts } = order;
  return (
    <SimpleGrid cols={6} spacing="sm" data-testid="order-figures">
      <Fact label="Sipariş Tutarı">{formatMoney(amounts.ordered)}</Fact>
      <Fact label="Onaylanan Tutar">
        {amounts.approved === null ? 'İncelenmedi' : formatMoney(amounts.approved)}
      </Fact>
      <Fact label="Teslim Edilen Tutar">{formatMoney(amounts.delivered)}</Fact>
      <Fact label="Faturalanan Tutar">
        {/* Before review ends nothing is billed: the account counts what was ordered (decision 143). */}
        <span data-testid="billed-figure">
          {isBilled(order.statusDescription) ? formatMoney(amounts.billed) : <NotBilled />}
        </span>
      </Fact>
    </SimpleGrid>
  );
}

/** An order opened in the accordion: its facts, the order actions its machine offers, its items. */
export function OrderPanel({ order, busy, onStep, onPartial, onPlan }: Props) {
  const orderActions = orderMachine.actionsFrom(
    order.statusDescription.name as OrderStatus,
    orderContextOf(order),
  );
  const seesHistory = useHasPrivilege('AUDIT_VIEW');
  const open = (OPEN_ORDER_STATUSES as readonly string[]).includes(order.statusDescription.name);
  // An item gets a vehicle of its own once the order is taken into review, as its other buttons do.
  const itemsPlannable = open && order.statusDescription.name !== 'WAITING_FOR_REVIEW';
  return (
    <Stack gap="md">
      <SimpleGrid cols={6} spacing="sm">
        <Fact label="Referans Kodu">{order.buyerRequestReferenceCode}</Fact>
        <Fact label="Teslimat Şubesi">
          {order.buyerBranchDescription &&
            `${order.buyerBranchDescription.title} (${order.buyerBranchDescription.code})`}
        </Fact>
        <Fact label="Oluşturma">{formatDateTime(order.createdAt)}</Fact>
        <Fact label="Planlanan Sevkiyat">{formatDate(order.plannedShipmentDate)}</Fact>
        <Fact label="Tamamlanma">{formatDateTime(order.completedAt)}</Fact>
        <Fact label="Planlanan Araç">
          <span data-testid="planned-vehicle">{plannedVehicleText(order)}</span>
        </Fact>
      </SimpleGrid>
      <OrderFigures order={order} />
      {(orderActions.length > 0 || open || seesHistory) && (
        <Group gap="xs">
          {orderActions.map((action) => (
            <Button
              key={action}
              size="xs"
              variant={action.startsWith('CANCEL_') ? 'light' : 'filled'}
              color={action.startsWith('CANCEL_') ? 'red' : undefined}
              disabled={busy}
              onClick={() => onStep({ kind: 'order', order, action })}
            >
              {orderMachine.actionLabel(action)}
            </Button>
          ))}
          <Group gap="xs" ml="auto">
            {open && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconTruck size={14} />}
                disabled={busy}
                onClick={() => onPlan(order)}
              >
                Araç Planla
              </Button>
            )}
            {/* The order's whole story: its items, loads and payments too. */}
            <HistoryButton variant="button" entityType="ORDER" entityId={order.id} />
          </Group>
        </Group>
      )}
      <Table.ScrollContainer minWidth={900} type="native">
        <Table striped verticalSpacing="xs" horizontalSpacing="sm">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th miw={160}>Ürün</Table.Th>
              <Table.Th miw={232}>Durum</Table.Th>
              <Table.Th ta="right" style={NO_WRAP}>
                İstenen
              </Table.Th>
              <Table.Th ta="right" style={NO_WRAP}>
                Onaylanan
              </Table.Th>
              <Table.Th ta="right" style={NO_WRAP}>
                Adet Fiyatı
              </Table.Th>
              <Table.Th ta="right" style={NO_WRAP}>
                Onaylanan Tutar
              </Table.Th>
              <Table.Th ta="right" style={NO_WRAP}>
                İşlemler
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {order.orderItems.map((item) => (
              <Table.Tr key={item.id} data-testid="order-item">
                <Table.Td>
                  <Text fz="sm" fw={600}>
                    {item.productName}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {[item.stockCode, item.stockHoldingText].filter(Boolean).join(' · ')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ItemStatusBadge status={item.statusDescription} />
                  <ItemVehicles item={item} />
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  <BoxesAndPieces pieces={item.orderedQuantity} perBox={item.quantityInBox} />
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP} data-testid="item-approved">
                  {item.approvedQuantity === null ? (
                    <NotReviewed />
                  ) : (
                    <BoxesAndPieces pieces={item.approvedQuantity} perBox={item.quantityInBox} />
                  )}
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  <NetPrice price={item.unitPrice} discount={item.discount} />
                </Table.Td>
                <Table.Td ta="right" style={NO_WRAP} data-testid="item-approved-amount">
                  {item.approvedAmount === null ? <NotReviewed /> : formatMoney(item.approvedAmount)}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {itemsPlannable && !UNPLANNABLE_ITEM_STATUSES.includes(item.statusDescription.name) && (
                      <Tooltip label="Kaleme araç planla" withArrow>
                        <ActionIcon
                          variant="light"
                          aria-label={`${item.productName} için araç planla`}
                          disabled={busy}
                          onClick={() => onPlan(order, item)}
                        >
                          <IconTruck size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {reviewActionsOf(order, item).map((action) => (
                      <Button
                        key={action}
                        size="compact-sm"
                        variant={action === 'CANCEL' ? 'light' : 'filled'}
                        color={
                          action === 'CANCEL' ? 'red' : action === 'APPROVE_PARTIALLY' ? 'lime' : undefined
                        }
                        disabled={busy}
                        onClick={() =>
                          action === 'APPROVE_PARTIALLY'
                            ? onPartial(order, item)
                            : onStep({ kind: 'item', order, item, action })
                        }
                      >
                        {orderItemMachine.actionLabel(action)}
                      </Button>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
