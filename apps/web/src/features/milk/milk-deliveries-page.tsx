import { isIsoDate } from '@mandira/contract/istanbul-time';
import type { MilkDelivery } from '@mandira/contract/milk';
import { Box, Button, Title } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { useFieldLayout } from '../../lib/layout/field-layout.ts';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import {
  type DayRange,
  fetchEveryDelivery,
  useMilkDeliveries,
  useMilkDrivers,
  useMilkSummary,
  useMilkVehicles,
} from './api.ts';
import { MILK_DELIVERY_COLUMNS } from './milk-delivery-columns.tsx';
import { MilkDeliveryFormModal } from './milk-delivery-form-modal.tsx';
import { MilkFigures } from './milk-figures.tsx';
import { lastSevenDays } from './milk-range-picker.tsx';

type Editing = { delivery?: MilkDelivery };

/** Deliveries a page; the server pages them, newest first (decision 111). */
const DELIVERY_PAGE_SIZE = 50;

/** `?from=&to=` as Istanbul days, when both are days in order; otherwise the screen's default. */
function rangeFromUrl(params: URLSearchParams): DayRange | undefined {
  const from = params.get('from');
  const to = params.get('to');
  return from && to && isIsoDate(from) && isIsoDate(to) && from <= to ? { from, to } : undefined;
}

/**
 * 'Süt Teslimatı Girişi': the figures of the chosen days (the last 7 at first) above the
 * deliveries of the same days. Deliveries, vehicles and drivers load in parallel.
 */
export default function MilkDeliveriesPage() {
  // A link may open the screen on other days (`?from=&to=`, Ana Sayfa's card of today's deliveries).
  const [searchParams] = useSearchParams();
  const [range, setRange] = useState<DayRange>(() => rangeFromUrl(searchParams) ?? lastSevenDays());
  const [page, setPage] = useState(1);
  const deliveries = useMilkDeliveries(range, page, DELIVERY_PAGE_SIZE);
  const vehicles = useMilkVehicles();
  const drivers = useMilkDrivers();
  const summary = useMilkSummary(range);
  const [editing, setEditing] = useState<Editing | null>(null);
  const listsReady = !!vehicles.data && !!drivers.data;
  // On a tablet or phone the clerk comes to enter a delivery: the list and 'Yeni Teslimat' come first,
  // the figures below them (decision 158).
  const deliveriesFirst = useFieldLayout();

  const figures = (
    <MilkFigures
      range={range}
      onRangeChange={(next) => {
        setRange(next);
        setPage(1);
      }}
      summary={summary.data}
      loading={summary.isPending}
      error={summary.error}
      onRetry={() => void summary.refetch()}
    />
  );
  return (
    <>
      <PageHeader title="Süt Teslimatı Girişi" description="Araçların getirdiği inek, koyun ve keçi sütü" />
      {deliveriesFirst ? null : figures}
      <Title order={2} size="h3" mb="sm">
        Teslimatlar
      </Title>
      {/* The figures above hold tables and an Excel button too; the wrapper tells them apart. */}
      <Box data-testid="milk-deliveries">
        <DataTable
          name={`sut-teslimatlari-${range.from}-${range.to}`}
          columns={MILK_DELIVERY_COLUMNS}
          data={deliveries.data?.deliveries}
          pagination={serverPaging(deliveries.data, page, setPage)}
          exportRows={() => fetchEveryDelivery(range)}
          getRowId={(delivery) => delivery.id}
          loading={deliveries.isPending || deliveries.isPlaceholderData}
          error={deliveries.error ?? vehicles.error ?? drivers.error}
          onRetry={() => void Promise.all([deliveries.refetch(), vehicles.refetch(), drivers.refetch()])}
          initialSort={[{ id: 'deliveryDateTime', desc: true }]}
          emptyMessage="Bu aralıkta teslimat bulunamadı"
          minWidth={900}
          toolbar={
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setEditing({})}
              disabled={!listsReady}
            >
              Yeni Teslimat
            </Button>
          }
          rowActions={(delivery) => (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={() => setEditing({ delivery })}
              disabled={!listsReady}
            >
              Düzenle
            </Button>
          )}
        />
      </Box>
      {deliveriesFirst ? <Box mt="xl">{figures}</Box> : null}
      <MilkDeliveryFormModal
        opened={editing !== null}
        delivery={editing?.delivery}
        vehicles={vehicles.data ?? []}
        drivers={drivers.data ?? []}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
