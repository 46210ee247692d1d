import type { AccountingTransaction } from '@mandira/contract/accounting';
import { OVERDUE_QUERY } from '@mandira/contract/my-work';
import { Button, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconCash, IconListDetails, IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useBuyers } from '../../api/buyers.ts';
import { useHasPrivilege } from '../../api/current-user.ts';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import { BuyerSelect } from '../../lib/forms/buyer-select.tsx';
import { LoadError, NothingFound } from '../../lib/pages/load-states.tsx';
import { PageHeader } from '../../lib/pages/page-header.tsx';
import { fetchEveryTransaction, useAccountingSummary, useAccountTransactions } from './api.ts';
import { OverdueOrdersPanel } from './overdue-orders-panel.tsx';
import { PayOrderModal } from './pay-order-modal.tsx';
import { StatementPanel } from './statement-panel.tsx';
import { SummaryCards } from './summary-cards.tsx';
import { TRANSACTION_COLUMNS, transactionRowId } from './transaction-columns.tsx';

/** Transactions a page; the server pages them, newest first (decision 111). */
const TRANSACTION_PAGE_SIZE = 50;

/** The buyer in `?buyerId=`, or null when none or no usable number is given. */
function buyerIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get('buyerId'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** 'Müşteri Finans Yönetimi' (docs/domain/money.md): one buyer's account, its payments and statement. */
export default function AccountingPage() {
  const [params, setParams] = useSearchParams();
  const buyerId = buyerIdOf(params);

  return (
    <>
      <PageHeader
        title="Müşteri Finans Yönetimi"
        description="Müşterinin siparişleri, ödemeleri, iadeleri ve hesap ekstresi"
        actions={
          <BuyerSelect
            aria-label="Müşteri"
            w={380}
            value={buyerId}
            onChange={(id) => setParams(id ? { buyerId: String(id) } : {})}
            clearable={false}
          />
        }
      />
      {buyerId === null && params.get(OVERDUE_QUERY) === '1' ? (
        // Ana Sayfa's overdue card opens the screen on the list of every buyer's overdue orders.
        <OverdueOrdersPanel onOpenBuyer={(id) => setParams({ buyerId: String(id) })} />
      ) : buyerId === null ? (
        <Paper withBorder radius="md" p="xl">
          <NothingFound message="Hesabını görmek istediğiniz müşteriyi sağ üstten seçiniz." />
        </Paper>
      ) : (
        <BuyerAccount key={buyerId} buyerId={buyerId} />
      )}
    </>
  );
}

function BuyerAccount({ buyerId }: { buyerId: number }) {
  const summary = useAccountingSummary(buyerId);
  const [page, setPage] = useState(1);
  const transactions = useAccountTransactions(buyerId, page, TRANSACTION_PAGE_SIZE);
  const buyer = useBuyers().data?.find((candidate) => candidate.id === buyerId);
  const [paying, setPaying] = useState<AccountingTransaction | null>(null);
  // The customer screen's owner reads the account; paying stays with finance (decision 104).
  const mayPay = useHasPrivilege('ACCOUNTING');

  if (summary.error) {
    return (
      <LoadError
        title="Müşteri hesabı yüklenemedi"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      {buyer && (
        <Text fz="sm" c="dimmed" data-testid="account-buyer">
          <b>{buyer.title}</b> · {buyer.code}
        </Text>
      )}
      <SummaryCards summary={summary.data} />
      <Tabs defaultValue="transactions" keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="transactions" leftSection={<IconListDetails size={16} />}>
            Hesap Hareketleri
          </Tabs.Tab>
          <Tabs.Tab value="statement" leftSection={<IconReceipt2 size={16} />}>
            Hesap Ekstresi
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="transactions">
          <DataTable
            name={`hesap-hareketleri-${buyer?.code ?? buyerId}`}
            columns={TRANSACTION_COLUMNS}
            initialSort={[{ id: 'createdAt', desc: true }]}
            data={transactions.data?.transactions}
            pagination={serverPaging(transactions.data, page, setPage)}
            exportRows={() => fetchEveryTransaction(buyerId)}
            getRowId={transactionRowId}
            loading={transactions.isPending}
            error={transactions.error}
            onRetry={() => void transactions.refetch()}
            minWidth={960}
            rowActions={(transaction) =>
              // Only an order's row can be paid; nothing is left to pay once it is settled.
              mayPay && transaction.reasonDetail.name === 'NEW_ORDER' ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconCash size={14} />}
                  disabled={!transaction.openAmount}
                  title={transaction.openAmount ? undefined : 'Bu siparişte ödenecek tutar kalmadı'}
                  onClick={() => setPaying(transaction)}
                >
                  Öde
                </Button>
              ) : null
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="statement">
          <StatementPanel buyerId={buyerId} buyerCode={buyer?.code} />
        </Tabs.Panel>
      </Tabs>
      <PayOrderModal order={paying} onClose={() => setPaying(null)} />
    </Stack>
  );
}
