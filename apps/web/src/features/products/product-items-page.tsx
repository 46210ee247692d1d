import type { SyncResult } from '@mandira/contract/products';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconPlus, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { fetchAllProductItems } from '../../api/product-item-pages.ts';
import { HistoryButton } from '../../lib/audit/history-drawer.tsx';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { useSearchPaging } from '../../lib/data-table/use-search-paging.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { SyncErrorAlert } from '../../lib/pages/sync-error-alert.tsx';
import { useProductItemPage, useSynchronizeItems } from './api.ts';
import { ITEM_COLUMNS } from './item-columns.tsx';
import { ItemCreateModal } from './item-create-modal.tsx';
import { ItemDetailModal } from './item-detail-modal.tsx';

const SYNC_FAILED = 'Senkronizasyon sırasında beklenmedik bir hata oluştu ❌';

function syncSummary(result: SyncResult): string {
  if (result.newItems + result.changedItems === 0) return 'ERP ile ürünler aynı; onaya düşen kayıt yok.';
  return `${result.newItems} yeni, ${result.changedItems} değişen ürün 'Ürün Onayı' ekranında onay bekliyor.`;
}

/** 'Depolanabilir Ürün Listesi'. */
export default function ProductItemsPage() {
  const paging = useSearchPaging();
  const items = useProductItemPage(paging.q, paging.page);
  const synchronize = useSynchronizeItems();
  const [creating, setCreating] = useState(false);
  // The id, not the row: the detail follows the list when it reloads (a bundle just froze the item).
  const [viewingId, setViewingId] = useState<number>();
  const viewing = items.data?.items.find((item) => item.id === viewingId);
  const [syncError, setSyncError] = useState<string>();

  const sync = useSubmitGuard(async () => {
    setSyncError(undefined);
    try {
      const result = await synchronize.mutateAsync(undefined);
      notifications.show({
        color: 'green',
        title: 'Senkronizasyon tamamlandı',
        message: syncSummary(result),
      });
    } catch (error) {
      setSyncError(errorMessage(error));
    }
  });

  return (
    <>
      <PageHeader
        title="Depolanabilir Ürün Listesi"
        description="Depoda tutulan ürün kalemleri; ERP'den gelen yeni ve değişen kayıtlar onaya düşer"
      />
      <Stack gap="md">
        <SyncErrorAlert title={SYNC_FAILED} message={syncError} onClose={() => setSyncError(undefined)} />
        <DataTable
          name="depolanabilir-urunler"
          columns={ITEM_COLUMNS}
          initialSort={[{ id: 'stockCode', desc: false }]}
          data={items.data?.items}
          getRowId={(item) => item.id}
          loading={items.isPending || items.isPlaceholderData}
          pagination={serverPaging(items.data, paging.page, paging.setPage)}
          onSearch={paging.onSearch}
          exportRows={() => fetchAllProductItems({ q: paging.q })}
          error={items.error}
          onRetry={() => void items.refetch()}
          toolbar={
            <>
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                loading={sync.submitting}
                onClick={() => void sync.run()}
              >
                Senkronize Et
              </Button>
              <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                Ürün Ekle
              </Button>
            </>
          }
          rowActions={(item) => (
            <>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconEye size={14} />}
                onClick={() => setViewingId(item.id)}
              >
                Detaylı İncele
              </Button>
              <HistoryButton variant="button" entityType="PRODUCT_ITEM" entityId={item.id} />
            </>
          )}
        />
      </Stack>
      <ItemCreateModal opened={creating} onClose={() => setCreating(false)} />
      <ItemDetailModal item={viewing} onClose={() => setViewingId(undefined)} />
    </>
  );
}
