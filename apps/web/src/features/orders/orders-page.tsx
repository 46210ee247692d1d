import type { OrderQuery } from '@mandira/contract/order-query';
import type { Order, OrderItem } from '@mandira/contract/orders';
import { Accordion, Button, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLiveMarks } from '../../api/live/live-updates.tsx';
import { changedRowProps } from '../../lib/data-table/changed-row.ts';
import { formatCount } from '../../lib/format/format.ts';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { rowsNoticingCut } from '../../lib/pages/cut-notice.ts';
import { LoadError, NothingFound } from '../../lib/pages/load-states.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { fetchAllOrders, useOrderSearch } from './api.ts';
import { exportOrders } from './order-export.ts';
import { OrderFilterBar } from './order-filter-bar.tsx';
import { checkOrderFilters, ORDER_PAGE_SIZE, orderFiltersFromUrl } from './order-filters.ts';
import { OrderPanel } from './order-panel.tsx';
import { OrderSummary } from './order-summary.tsx';
import { PartialApprovalModal } from './partial-approval-modal.tsx';
import { type PlanTarget, PlanVehicleModal } from './plan-vehicle-modal.tsx';
import { useOrderSteps } from './use-order-steps.ts';

/** 'Siparişler': search orders, review their items, send the approved ones to the warehouse. */
export default function OrdersPage() {
  // A link may open the screen filtered (`?status=&period=`, Ana Sayfa's cards); the bar shows the same.
  const [searchParams] = useSearchParams();
  const [initialValues] = useState(() => orderFiltersFromUrl(searchParams));
  const [filters, setFilters] = useState<OrderQuery>(() => checkOrderFilters(initialValues).query!);
  const [page, setPage] = useState(1);
  const search = useOrderSearch({ ...filters, page, size: ORDER_PAGE_SIZE });
  const steps = useOrderSteps();
  const isMarked = useLiveMarks();
  const [partial, setPartial] = useState<{ order: Order; item: OrderItem } | null>(null);
  const [planning, setPlanning] = useState<PlanTarget | null>(null);
  const [opened, setOpened] = useState<string[]>([]);
  const [exporting, setExporting] = useState(false);
  const result = search.data;

  async function handleExport() {
    setExporting(true);
    try {
      await exportOrders(rowsNoticingCut(await fetchAllOrders(filters), 'sipariş'));
    } catch (error) {
      console.error('Excel dışa aktarımı başarısız', error);
      notifications.show({ color: 'red', title: 'Excel', message: 'Excel dosyası oluşturulamadı.' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Siparişler"
        description="Siparişleri arayın, kalemleri inceleyip onaylayın, depoya gönderin"
      />
      <Stack gap="md">
        <OrderFilterBar
          initialValues={initialValues}
          onSearch={(query) => {
            // 'Ara' with the same filters on the first page asks again: orders change under them.
            if (page === 1 && JSON.stringify(query) === JSON.stringify(filters)) void search.refetch();
            setFilters(query);
            setPage(1);
          }}
        />
        <Group justify="space-between">
          <Text c="dimmed" fz="sm" data-testid="order-count">
            {result ? `${formatCount(result)} sipariş` : ''}
          </Text>
          <Group gap="sm">
            {search.isFetching && <Loader size="xs" />}
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => void handleExport()}
              loading={exporting}
              disabled={!result || result.count === 0}
            >
              Excel
            </Button>
          </Group>
        </Group>
        {search.error ? (
          <LoadError
            title="Siparişler yüklenemedi"
            error={search.error}
            onRetry={() => void search.refetch()}
          />
        ) : !result ? (
          <CenteredLoader />
        ) : result.orders.length === 0 ? (
          <NothingFound />
        ) : (
          <Accordion multiple variant="separated" radius="md" value={opened} onChange={setOpened}>
            {result.orders.map((order) => (
              <Accordion.Item
                key={order.id}
                value={String(order.id)}
                data-testid="order"
                {...changedRowProps(isMarked('order', order.id))}
              >
                <Accordion.Control>
                  <OrderSummary order={order} />
                </Accordion.Control>
                <Accordion.Panel>
                  <OrderPanel
                    order={order}
                    busy={steps.submitting}
                    onStep={(step) => void steps.run(step)}
                    onPartial={(one, item) => setPartial({ order: one, item })}
                    onPlan={(one, item) => setPlanning({ order: one, item })}
                  />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        {result && result.totalPages > 1 && (
          <Center>
            <Pagination
              total={result.totalPages}
              value={page}
              onChange={setPage}
              siblings={2}
              aria-label="Sayfalar"
            />
          </Center>
        )}
      </Stack>
      <PlanVehicleModal target={planning} onClose={() => setPlanning(null)} />
      <PartialApprovalModal
        item={partial?.item ?? null}
        submitting={steps.submitting}
        onClose={() => setPartial(null)}
        onApprove={async (item, pieces) => {
          if (!partial) return;
          const done = await steps.run({
            kind: 'item',
            order: partial.order,
            item,
            action: 'APPROVE_PARTIALLY',
            quantity: pieces,
          });
          if (done) setPartial(null);
        }}
      />
    </>
  );
}
