import { EXPIRY_WARNING_DAYS, UNDATED_LOT_LABEL } from '@mandira/contract/lots';
import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { useSearchPaging } from '../../lib/data-table/use-search-paging.ts';
import { sortedOptions } from '../../lib/forms/select-options.ts';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { allLots, useLotPage, useWarehouseNames } from './api.ts';
import { LOT_COLUMNS } from './lot-columns.tsx';
import { LotTracePanel } from './lot-trace-panel.tsx';
import { type LotState, lotFiltersOf, stateParams } from './lot-url.ts';

/** Select options need a value; this one stands for no filter. */
const ALL = 'ALL';
const STATE_OPTIONS: { value: LotState | typeof ALL; label: string }[] = [
  { value: ALL, label: 'Tümü' },
  { value: 'inStock', label: 'Stokta olanlar' },
  { value: 'expiring', label: 'Son kullanma tarihi yaklaşanlar' },
  { value: 'expired', label: 'Süresi geçmiş stok' },
];

/**
 * 'Parti Takibi' (decision 153): the lots in FEFO order, searched by lot code or item, and the trace of
 * the chosen one — who got it, where the rest lies — for a recall. The filters and the chosen lot live
 * in the URL, so a work card opens the list filtered and a trace can be sent as a link.
 */
export default function LotsPage() {
  const [params, setParams] = useSearchParams();
  const { filters, state, lotId } = lotFiltersOf(params);
  const { q, page, onSearch, setPage, firstPage } = useSearchPaging();
  const lots = useLotPage(filters, q, page);
  const warehouses = useWarehouseNames();

  const change = (next: Partial<Record<string, string | undefined>>) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [key, value] of Object.entries(next)) {
        if (value === undefined) updated.delete(key);
        else updated.set(key, value);
      }
      return updated;
    });
    if (!('lot' in next)) firstPage();
  };
  const warehouseOptions = sortedOptions(
    (warehouses.data ?? []).map((warehouse) => ({ value: String(warehouse.id), label: warehouse.label })),
  );

  return (
    <>
      <PageHeader
        title="Parti Takibi"
        description="Partiler son kullanma tarihine göre; bir partinin hangi müşterilere gittiği ve kalanın nerede olduğu"
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" data-testid="lot-filters">
          <Group gap="md" align="flex-end">
            <Select
              label="Depo"
              w={150}
              data={[{ value: ALL, label: 'Tümü' }, ...warehouseOptions]}
              value={filters.warehouseId ? String(filters.warehouseId) : ALL}
              onChange={(value) => change({ warehouseId: value && value !== ALL ? value : undefined })}
              allowDeselect={false}
            />
            <Select
              label="Durum"
              w={300}
              data={STATE_OPTIONS}
              value={state ?? ALL}
              onChange={(value) =>
                change(
                  stateParams(
                    value && value !== ALL ? (value as LotState) : undefined,
                    filters.expiringWithinDays ?? EXPIRY_WARNING_DAYS,
                  ),
                )
              }
              allowDeselect={false}
            />
            {filters.productItemId !== undefined && (
              // Another screen may open the list on one item (`?productItemId=`); the search finds items too.
              <Button variant="default" onClick={() => change({ productItemId: undefined })}>
                Ürün filtresini kaldır
              </Button>
            )}
          </Group>
        </Paper>
        <DataTable
          name="partiler"
          columns={LOT_COLUMNS}
          data={lots.data?.lots}
          getRowId={(lot) => lot.id}
          loading={lots.isPending || lots.isPlaceholderData}
          error={lots.error}
          onRetry={() => void lots.refetch()}
          emptyMessage="Parti bulunamadı"
          minWidth={960}
          onSearch={onSearch}
          pagination={serverPaging(lots.data, page, setPage)}
          exportRows={() => allLots(filters, q)}
          rowActions={(lot) => (
            <Button
              size="compact-sm"
              variant={lot.id === lotId ? 'filled' : 'default'}
              leftSection={<IconRoute size={14} />}
              aria-label={`İzle: ${lot.code || UNDATED_LOT_LABEL} partisi`}
              aria-pressed={lot.id === lotId}
              onClick={() => change({ lot: String(lot.id) })}
            >
              İzle
            </Button>
          )}
        />
        {lotId !== undefined && <LotTracePanel lotId={lotId} />}
      </Stack>
    </>
  );
}
