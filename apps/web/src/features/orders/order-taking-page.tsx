import { ALL_LABEL, packagingGroupLabel } from '@mandira/contract/products';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useBuyers } from '../../api/buyers.ts';
import { useProductPackagingGroups, useSellableProducts } from '../../api/products.ts';
import { getSignedInUserName } from '../../api/session-store.ts';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { BuyerSelect } from '../../lib/forms/buyer-select.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { useSessionState } from '../../lib/pages/use-session-state.ts';
import { AddToBasket } from './add-to-basket.tsx';
import { OrderTakingBasket } from './order-taking-basket.tsx';
import { orderTakingColumns } from './order-taking-columns.tsx';

const ALL = 'ALL';

const isBuyerId = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isInteger(value) && value > 0);
const isGroup = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** 'Sipariş Sepeti Oluşturma': a buyer's basket filled by the box from the product list. */
export default function OrderTakingPage() {
  // Kept for the tab and the signed-in user: leaving the screen and coming back keeps the buyer and
  // the group; a first visit opens on every group (decision 141).
  const keyPrefix = `mandira-portal.order-taking.${getSignedInUserName() ?? ''}`;
  const [storedBuyerId, setBuyerId] = useSessionState(`${keyPrefix}.buyer`, null, isBuyerId);
  // A kept buyer that is no longer in the list (removed meanwhile) is no choice at all.
  const buyers = useBuyers().data;
  const buyerId =
    storedBuyerId !== null && buyers && !buyers.some((buyer) => buyer.id === storedBuyerId)
      ? null
      : storedBuyerId;
  const [storedGroup, setGroup] = useSessionState(`${keyPrefix}.group`, ALL, isGroup);
  const groups = useProductPackagingGroups();
  // Likewise a kept group no product has any more: the screen opens on every group.
  const group = groups.data && storedGroup !== ALL && !groups.data.includes(storedGroup) ? ALL : storedGroup;
  const products = useSellableProducts(group);

  // The server answers the groups by their amount in one unit (sortPackagingGroups).
  const groupOptions = useMemo(
    () => [
      { value: ALL, label: ALL_LABEL },
      ...(groups.data ?? []).map((name) => ({ value: name, label: packagingGroupLabel(name) })),
    ],
    [groups.data],
  );

  return (
    <>
      <PageHeader
        title="Sipariş Sepeti Oluşturma"
        description="Müşteriyi seçin, ürünleri koli adediyle sepete ekleyin; stok, sepet ve sipariş miktarları adettir"
      />
      <Stack gap="md">
        <Group align="flex-start" justify="space-between" gap="md" wrap="nowrap">
          <Group align="flex-end" gap="md">
            <BuyerSelect label="Müşteri" w={360} value={buyerId} onChange={setBuyerId} />
            <Select
              label="Ambalaj Grubu"
              w={180}
              allowDeselect={false}
              data={groupOptions}
              value={group}
              onChange={(value) => setGroup(value ?? ALL)}
            />
            {buyerId === null && (
              <Text c="dimmed" fz="sm" pb={8}>
                Sepete eklemek için önce müşteri seçiniz.
              </Text>
            )}
          </Group>
          {buyerId !== null && <OrderTakingBasket buyerId={buyerId} />}
        </Group>
        <DataTable
          name="siparis-urunleri"
          columns={orderTakingColumns}
          data={products.data}
          getRowId={(product) => product.id}
          loading={products.isFetching}
          error={products.error}
          onRetry={() => void products.refetch()}
          initialSort={[{ id: 'name', desc: false }]}
          minWidth={1000}
          rowActions={(product) => <AddToBasket product={product} buyerId={buyerId} />}
        />
      </Stack>
    </>
  );
}
