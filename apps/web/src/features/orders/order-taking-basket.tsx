import { Anchor, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatMoney, formatNumber } from '../../lib/format/format.ts';
import { useBuyerBasket } from './api.ts';

/** 'Sepetlere git' opens the baskets screen on this buyer's basket. */
const basketPathOf = (buyerId: number) => `/siparis-sepetleri?buyerId=${buyerId}`;

/**
 * The chosen buyer's current basket beside the product table of the order screen: its lines in boxes
 * and net amounts, and the total, so the clerk sees what is already in it without leaving the screen.
 */
export function OrderTakingBasket({ buyerId }: { buyerId: number }) {
  const baskets = useBuyerBasket(buyerId);
  const basket = baskets.data;
  const lines = basket?.basketItems ?? [];

  return (
    <Paper withBorder radius="md" p="xs" w={400} data-testid="current-basket" aria-label="Müşterinin sepeti">
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text fz="sm" fw={600}>
          Müşterinin sepeti{lines.length > 0 ? ` · ${lines.length} kalem` : ''}
        </Text>
        <Anchor component={Link} to={basketPathOf(buyerId)} fz="xs">
          Sepetlere git
        </Anchor>
      </Group>
      {baskets.isPending ? (
        <Text fz="xs" c="dimmed">
          Sepet yükleniyor...
        </Text>
      ) : baskets.error ? (
        <Text fz="xs" c="red">
          Sepet alınamadı.
        </Text>
      ) : lines.length === 0 ? (
        <Text fz="xs" c="dimmed" data-testid="current-basket-empty">
          Sepet boş.
        </Text>
      ) : (
        <>
          <ScrollArea.Autosize mah={96} type="auto" scrollbars="y">
            {/* A list, not a table: the product table's rows are found by product name. */}
            <Stack gap={2} role="list">
              {lines.map((line) => (
                <Group key={line.id} gap={6} wrap="nowrap" role="listitem" data-testid="current-basket-line">
                  <Text fz="xs" truncate="end" style={{ flex: 1, minWidth: 0 }}>
                    {line.product.name}
                  </Text>
                  <Text fz="xs" w={56} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(line.boxQuantity)} koli
                  </Text>
                  <Text fz="xs" w={84} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(line.totalPrice)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </ScrollArea.Autosize>
          <Group
            justify="space-between"
            mt={4}
            pt={4}
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text fz="xs" c="dimmed">
              Toplam (indirimli)
            </Text>
            <Text fz="sm" fw={700} data-testid="current-basket-total">
              {formatMoney(basket?.totalPrice ?? 0)}
            </Text>
          </Group>
        </>
      )}
    </Paper>
  );
}
