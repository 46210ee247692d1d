import type { Basket } from '@mandira/contract/baskets';
import { Alert, Button, Center, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSearchPaging } from '../../lib/data-table/use-search-paging.ts';
import { formatNumber } from '../../lib/format/format.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { LoadError, NothingFound } from '../../lib/pages/load-states.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { useBasketPage } from './api.ts';
import { BasketCard } from './basket-card.tsx';
import { exportBaskets } from './basket-export.ts';
import { PlaceOrderModal } from './place-order-modal.tsx';

/** `?buyerId=`: the buyer whose basket 'Sepetlere git' on the order-taking screen opens. */
function buyerOf(params: URLSearchParams): number | undefined {
  const id = Number(params.get('buyerId'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * 'Sipariş Sepetleri': one block per buyer whose basket holds something, a page at a time
 * and found by buyer on the server (decision 116); opened for one buyer, that buyer's basket alone.
 */
export default function BasketsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const buyerId = buyerOf(searchParams);
  const showAll = () => setSearchParams({}, { replace: true });
  const [typed, setTyped] = useState('');
  const [pausedTyping] = useDebouncedValue(typed.trim(), 300);
  const paging = useSearchPaging();
  const { onSearch } = paging;
  useEffect(() => onSearch(pausedTyping), [onSearch, pausedTyping]);
  const baskets = useBasketPage(paging.q, paging.page, buyerId);
  // Placing the last basket of the last page leaves that page empty: the one before it is shown.
  const lastPage = baskets.data?.totalPages;
  const { setPage } = paging;
  useEffect(() => {
    if (lastPage !== undefined && paging.page > lastPage) setPage(lastPage);
  }, [lastPage, paging.page, setPage]);
  const [placing, setPlacing] = useState<Basket | null>(null);
  const [exporting, setExporting] = useState(false);

  async function handleExport() {
    setExporting(true);
    try {
      await exportBaskets(paging.q, buyerId);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Excel',
        message: `Excel dosyası oluşturulamadı. ${errorMessage(error)}`,
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Sipariş Sepetleri"
        description="Müşterilerin sepetleri; her sepet bir siparişe dönüşür"
      />
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="md">
            <TextInput
              placeholder="Müşteri ara..."
              aria-label="Müşteri ara"
              leftSection={<IconSearch size={16} />}
              value={typed}
              onChange={(event) => {
                // A search looks among every buyer's basket.
                if (buyerId !== undefined) showAll();
                setTyped(event.currentTarget.value);
              }}
              w={280}
            />
            {baskets.data && (
              <Text c="dimmed" fz="sm" data-testid="basket-count">
                {formatNumber(baskets.data.count)} sepet
              </Text>
            )}
          </Group>
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            onClick={() => void handleExport()}
            loading={exporting}
            disabled={!baskets.data || baskets.data.count === 0}
          >
            Excel
          </Button>
        </Group>
        {buyerId !== undefined && (
          <Alert color="blue" variant="light" data-testid="basket-of-buyer">
            <Group justify="space-between" gap="sm">
              <Text fz="sm">
                {baskets.data?.baskets[0]
                  ? `Yalnızca ${baskets.data.baskets[0].buyer.title} müşterisinin sepeti gösteriliyor.`
                  : 'Seçilen müşterinin sepetinde ürün yok.'}
              </Text>
              <Button size="compact-sm" variant="default" onClick={showAll}>
                Tüm sepetleri göster
              </Button>
            </Group>
          </Alert>
        )}
        {baskets.isPending ? (
          <CenteredLoader />
        ) : baskets.error ? (
          <LoadError
            title="Sepetler yüklenemedi"
            error={baskets.error}
            onRetry={() => void baskets.refetch()}
          />
        ) : baskets.data.baskets.length === 0 ? (
          <NothingFound />
        ) : (
          <Stack gap="md" aria-busy={baskets.isPlaceholderData}>
            {baskets.data.baskets.map((basket) => (
              <BasketCard key={basket.buyerId} basket={basket} onPlaceOrder={setPlacing} />
            ))}
          </Stack>
        )}
        {baskets.data && baskets.data.totalPages > 1 && (
          <Center>
            <Pagination
              total={baskets.data.totalPages}
              value={paging.page}
              onChange={paging.setPage}
              siblings={2}
              aria-label="Sayfalar"
            />
          </Center>
        )}
      </Stack>
      <PlaceOrderModal basket={placing} onClose={() => setPlacing(null)} />
    </>
  );
}
