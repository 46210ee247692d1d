import type { Order, OrderColor } from '@mandira/contract/orders';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format/format.ts';
import { ORDER_COLOR_SWATCH } from '../../lib/orders/order-colors.ts';
import { OrderStatusBadge } from '../../lib/orders/order-status-badges.tsx';

/** The accordion's closed line of an order: number, buyer, colour, status, dates and amounts. */
export function OrderSummary({ order }: { order: Order }) {
  const { amounts } = order;
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" pr="sm">
      <Group gap="sm" wrap="nowrap">
        <ColorSwatch
          size={16}
          color={order.colorGroup ? ORDER_COLOR_SWATCH[order.colorGroup as OrderColor] : 'transparent'}
          title={order.colorGroupDescription?.label ?? 'Renk etiketi yok'}
          aria-label={order.colorGroupDescription?.label ?? 'Renk etiketi yok'}
        />
        <Stack gap={0}>
          <Group gap="xs" wrap="nowrap">
            <Text fw={700} data-testid="order-number">
              Sipariş {order.orderNumber}
            </Text>
            <OrderStatusBadge status={order.statusDescription} />
          </Group>
          <Text fz="sm">
            {order.buyer.title}{' '}
            <Text span c="dimmed" fz="sm">
              ({order.buyer.code})
            </Text>
          </Text>
          {order.plannedShipmentVehicleDescription && (
            <Group gap={4} c="dimmed" wrap="nowrap">
              <IconTruck size={14} />
              <Text fz="xs">{order.plannedShipmentVehicleDescription}</Text>
            </Group>
          )}
        </Stack>
      </Group>
      <Group gap="lg" wrap="nowrap">
        <Stack gap={0} align="flex-end">
          <Text fz="xs" c="dimmed">
            Oluşturma · Sevkiyat
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(order.createdAt)} · {formatDate(order.plannedShipmentDate) || '–'}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end" miw={130}>
          <Text fz="xs" c="dimmed">
            Sipariş Tutarı
          </Text>
          <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="order-ordered">
            {formatMoney(amounts.ordered)}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end" miw={130}>
          <Text fz="xs" c="dimmed">
            Onaylanan Tutar
          </Text>
          {/* Shown once an item is reviewed; before that no one has approved anything (decision 105). */}
          {amounts.approved === null ? (
            <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="order-approved">
              İncelenmedi
            </Text>
          ) : (
            <Text fz="sm" fw={600} c="teal.8" style={{ whiteSpace: 'nowrap' }} data-testid="order-approved">
              {formatMoney(amounts.approved)}
            </Text>
          )}
        </Stack>
      </Group>
    </Group>
  );
}
