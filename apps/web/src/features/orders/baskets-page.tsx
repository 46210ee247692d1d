import type { Basket } from '@mandira/contract/baskets';
import { Stack } from '@mantine/core';
import { useState } from 'react';
import { CenteredLoader } from '../../lib/centered-loader.tsx';
import { LoadError, NothingFound } from '../../lib/load-states.tsx';
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
        <LoadError
          title="Sepetler yüklenemedi"
          error={baskets.error}
          onRetry={() => void baskets.refetch()}
        />
      ) : baskets.data.length === 0 ? (
        <NothingFound />
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
