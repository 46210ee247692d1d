import type { Basket, BasketItem } from '@mandira/contract/baskets';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconReceipt, IconTrash, IconX } from '@tabler/icons-react';
import { formatMoney, formatNumber } from '../../lib/format/format.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { confirmAction } from '../../lib/modals/confirm.tsx';
import { NetPrice } from '../../lib/orders/net-price.tsx';
import { useCancelBasket, useDeleteBasketLine } from './api.ts';

type Props = { basket: Basket; onPlaceOrder: (basket: Basket) => void };

/** A failed delete or cancel shows the server's text. */
function showFailure(title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: errorMessage(error), autoClose: 8000 });
}

/** One buyer's basket: its lines with a delete each, cancel the basket, place the order. */
export function BasketCard({ basket, onPlaceOrder }: Props) {
  const deleteLine = useDeleteBasketLine();
  const cancelBasket = useCancelBasket();

  const remove = useSubmitGuard(async (line: BasketItem) => {
    try {
      await deleteLine.mutateAsync({ itemId: line.id, buyerId: basket.buyerId });
      notifications.show({ color: 'green', message: `${line.product.name} sepetten çıkarıldı.` });
    } catch (error) {
      showFailure('Satır silinemedi', error);
    }
  });

  const cancel = useSubmitGuard(async () => {
    const confirmed = await confirmAction({
      title: 'Sepeti iptal et',
      message: `${basket.buyer.title} müşterisinin sepetindeki ${basket.basketItems.length} kalem silinecek. Emin misiniz?`,
      confirmLabel: 'Sepeti İptal Et',
      danger: true,
    });
    if (!confirmed) return;
    try {
      await cancelBasket.mutateAsync(basket.buyerId);
      notifications.show({ color: 'green', message: `${basket.buyer.title} sepeti iptal edildi.` });
    } catch (error) {
      showFailure('Sepet iptal edilemedi', error);
    }
  });

  const busy = remove.submitting || cancel.submitting;
  return (
    <Paper withBorder radius="md" p="md" data-testid="basket" aria-label={`${basket.buyer.title} sepeti`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={4}>{basket.buyer.title}</Title>
            <Text fz="sm" c="dimmed">
              Müşteri kodu {basket.buyer.code} · {basket.basketItems.length} kalem
            </Text>
          </div>
          <Group gap="xs">
            <Badge size="lg" variant="light" color="teal">
              {formatMoney(basket.totalPrice)}
            </Badge>
            <Button
              variant="default"
              color="red"
              leftSection={<IconX size={16} />}
              onClick={() => void cancel.run()}
              loading={cancel.submitting}
              disabled={busy}
            >
              Sepeti İptal Et
            </Button>
            <Button
              leftSection={<IconReceipt size={16} />}
              onClick={() => onPlaceOrder(basket)}
              disabled={busy}
            >
              Sipariş Oluştur
            </Button>
          </Group>
        </Group>
        {/* Fixed columns, so the blocks of every buyer line up under one another. */}
        <Table striped layout="fixed" verticalSpacing="xs" horizontalSpacing="sm">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>Ürün Adı</Table.Th>
              <Table.Th w={140}>Stok Kodu</Table.Th>
              <Table.Th w={90} ta="right">
                Koli
              </Table.Th>
              <Table.Th w={90} ta="right">
                Adet
              </Table.Th>
              {/* Wide enough for the largest amounts a basket can hold (decision 95). */}
              <Table.Th w={180} ta="right">
                Adet Fiyatı
              </Table.Th>
              <Table.Th w={190} ta="right">
                Tutar
              </Table.Th>
              <Table.Th w={60} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {basket.basketItems.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td fw={600}>{line.product.name}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{line.product.stockCode}</Table.Td>
                <Table.Td ta="right">{formatNumber(line.boxQuantity)}</Table.Td>
                <Table.Td ta="right">{formatNumber(line.quantity)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  <NetPrice price={line.product.price} discount={line.product.discount} />
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(line.totalPrice)}
                </Table.Td>
                <Table.Td ta="right">
                  <Tooltip label="Satırı sil">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${line.product.name} satırını sil`}
                      onClick={() => void remove.run(line)}
                      disabled={busy}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
