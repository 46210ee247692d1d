import type { Basket } from '@mandira/contract/baskets';
import { Alert, Button, Center, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDatabaseOff } from '@tabler/icons-react';
import { useState } from 'react';
import { CenteredLoader } from '../../lib/centered-loader.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { PageHeader } from '../../lib/page-header.tsx';
import { useBaskets } from './api.ts';
import { BasketCard } from './basket-card.tsx';
import { PlaceOrderModal } from './place-order-modal.tsx';

/** 'Sipariş Sepetleri' (spec §2): one block per buyer whose basket holds something. */
export default function BasketsPage() {
  const baskets = useBaskets();
  const [placing, setPlacing] = useState<Basket | null>(null);

  return (
    <>
      <PageHeader
        title="Sipariş Sepetleri"
        description="Müşterilerin sepetleri; her sepet bir siparişe dönüşür"
      />
      {baskets.isPending ? (
        <CenteredLoader />
      ) : baskets.error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Sepetler yüklenemedi">
          <Group justify="space-between">
            <Text fz="sm">{errorMessage(baskets.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void baskets.refetch()}>
              Tekrar dene
            </Button>
          </Group>
        </Alert>
      ) : baskets.data.length === 0 ? (
        <Center py="xl" c="dimmed">
          <Group gap="xs">
            <IconDatabaseOff size={18} />
            <Text fz="sm">Kayıt bulunamadı</Text>
          </Group>
        </Center>
      ) : (
        <Stack gap="md">
          {baskets.data.map((basket) => (
            <BasketCard key={basket.buyerId} basket={basket} onPlaceOrder={setPlacing} />
          ))}
        </Stack>
      )}
      <PlaceOrderModal basket={placing} onClose={() => setPlacing(null)} />
    </>
  );
}
