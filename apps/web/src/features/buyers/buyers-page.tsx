import type { Buyer, BuyerSyncResult } from '@mandira/contract/buyers';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconReceipt, IconRefresh, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { accountingPath } from '../../api/accounting.ts';
import { useBuyers } from '../../api/buyers.ts';
import { ApiRequestError } from '../../api/client.ts';
import { useHasPrivilege } from '../../api/current-user.ts';
import { HistoryButton } from '../../lib/audit/history-drawer.tsx';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { SyncErrorAlert } from '../../lib/pages/sync-error-alert.tsx';
import { useSynchronizeBuyers } from './api.ts';
import { BUYER_COLUMNS } from './buyer-columns.tsx';
import { BuyerFormModal } from './buyer-form-modal.tsx';

/** An unsuccessful answer, or no usable answer at all. */
const SYNC_REFUSED = 'Senkronizasyon başarısız';
const SYNC_FAILED = 'Hata oluştu';
const NO_ANSWER = ['NETWORK_ERROR', 'UNEXPECTED_RESPONSE'];

function syncSummary(result: BuyerSyncResult): string {
  if (result.newBuyers + result.changedBuyers === 0) return 'ERP ile müşteriler aynı; onaya düşen kayıt yok.';
  return `${result.newBuyers} yeni, ${result.changedBuyers} değişen müşteri 'Müşteri Onayı' ekranında onay bekliyor.`;
}

type Editing = { buyer?: Buyer };

/** 'Müşteri Yönetimi': the buyers, their account summary link, and the ERP sync. */
export default function BuyersPage() {
  const buyers = useBuyers();
  const synchronize = useSynchronizeBuyers();
  // The account summary opens to finance and to the owner of this screen (decision 104); shown only
  // to those who may open it.
  const financeReads = useHasPrivilege('ACCOUNTING');
  const ownerReads = useHasPrivilege('BUYER_MANAGEMENT');
  const seesAccounts = financeReads || ownerReads;
  const [editing, setEditing] = useState<Editing | null>(null);
  const [syncError, setSyncError] = useState<{ title: string; message: string }>();

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
      const noAnswer = !(error instanceof ApiRequestError) || NO_ANSWER.includes(error.code);
      setSyncError({ title: noAnswer ? SYNC_FAILED : SYNC_REFUSED, message: errorMessage(error) });
    }
  });

  return (
    <>
      <PageHeader
        title="Müşteri Yönetimi"
        description="Müşteriler (alıcılar); ERP'den gelen yeni ve değişen kayıtlar onaya düşer"
      />
      <Stack gap="md">
        <SyncErrorAlert
          title={syncError?.title ?? SYNC_REFUSED}
          message={syncError?.message}
          onClose={() => setSyncError(undefined)}
        />
        <DataTable
          name="musteriler"
          columns={BUYER_COLUMNS}
          initialSort={[{ id: 'title', desc: false }]}
          data={buyers.data}
          getRowId={(buyer) => buyer.id}
          loading={buyers.isPending}
          error={buyers.error}
          onRetry={() => void buyers.refetch()}
          minWidth={900}
          toolbar={
            <>
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} />}
                disabled={sync.submitting}
                onClick={() => void sync.run()}
              >
                {sync.submitting ? 'Senkronize Ediliyor...' : 'Senkronize Et'}
              </Button>
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing({})}>
                Müşteri Ekle
              </Button>
            </>
          }
          rowActions={(buyer) => (
            <>
              {seesAccounts && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  leftSection={<IconReceipt size={14} />}
                  component={Link}
                  to={accountingPath(buyer.id)}
                >
                  Hesap Özeti
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconPencil size={14} />}
                onClick={() => setEditing({ buyer })}
              >
                Düzenle
              </Button>
              <HistoryButton entityType="BUYER" entityId={buyer.id} />
            </>
          )}
        />
      </Stack>
      <BuyerFormModal opened={editing !== null} buyer={editing?.buyer} onClose={() => setEditing(null)} />
    </>
  );
}
