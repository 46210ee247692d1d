import type { AccountStatement } from '@mandira/contract/accounting';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { DataTable, serverPaging } from '../../lib/data-table/data-table.tsx';
import type { ExcelHeading } from '../../lib/data-table/export-to-excel.ts';
import { openBlob } from '../../lib/files/save-file.ts';
import { formatDate, formatDateTime, formatMoney } from '../../lib/format/format.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { TurkishDateInput } from '../../lib/forms/turkish-date-input.tsx';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { type DayRange, fetchStatementPdf, fetchWholeStatement, useAccountStatement } from './api.ts';
import { STATEMENT_COLUMNS } from './statement-columns.tsx';
import { lastThirtyDays, quickRanges } from './statement-range.ts';
import { statementRows } from './statement-rows.ts';

type Props = { buyerId: number; buyerCode: string | undefined };

/** Statement lines a page; each carries the running balance of the whole range (decision 111). */
const STATEMENT_PAGE_SIZE = 100;

/** The head of the Excel file, as of the PDF: whose account, which days, when it was made. */
function statementHeading(statement: AccountStatement): ExcelHeading {
  const day = (iso: string) => formatDate(`${iso.slice(0, 10)}T12:00:00+03:00`);
  return {
    title: 'Hesap Ekstresi',
    details: [
      ['Müşteri', `${statement.buyer.title} (${statement.buyer.code})`],
      ['Dönem', `${statement.from ? day(statement.from) : 'İlk hareketten'} – ${day(statement.to)}`],
      ['Düzenlenme', formatDateTime(new Date())],
    ],
  };
}

/**
 * The account statement (hesap ekstresi, issue 15): for a range of days, the opening balance, every
 * line with the running balance, and the closing balance; as Excel (this table) or as the server's PDF.
 */
export function StatementPanel({ buyerId, buyerCode }: Props) {
  const [range, setRange] = useState<DayRange>(() => lastThirtyDays());
  // The fields keep what is typed; the statement follows once both ends make a range.
  const [typed, setTyped] = useState<{ from: string | null; to: string | null }>(range);
  const [page, setPage] = useState(1);
  const statement = useAccountStatement(buyerId, range, page, STATEMENT_PAGE_SIZE);
  const rows = useMemo(() => (statement.data ? statementRows(statement.data) : undefined), [statement.data]);
  const today = lastThirtyDays().to;
  const backwards = typed.from !== null && typed.to !== null && typed.to < typed.from;
  const fileName = `hesap-ekstresi-${buyerCode ?? buyerId}-${range.from}-${range.to}`;

  const choose = (next: { from: string | null; to: string | null }) => {
    setTyped(next);
    if (next.from && next.to && next.to >= next.from) {
      setRange({ from: next.from, to: next.to });
      setPage(1);
    }
  };

  const pdf = useSubmitGuard(async () => {
    try {
      openBlob(await fetchStatementPdf(buyerId, range), `${fileName}.pdf`);
    } catch (error) {
      notifications.show({ color: 'red', title: 'PDF oluşturulamadı', message: errorMessage(error) });
    }
  });

  const dateField = (key: 'from' | 'to', label: string) => (
    <TurkishDateInput
      label={label}
      placeholder="GG.AA.YYYY"
      value={typed[key]}
      onChange={(value) => choose({ ...typed, [key]: value })}
      maxDate={today}
      error={key === 'to' && backwards ? 'Bitiş tarihi başlangıç tarihinden önce olamaz.' : undefined}
      w={170}
    />
  );

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p="sm" data-testid="statement-range">
        <Group gap="md" align="flex-end" justify="space-between">
          <Group gap="md" align="flex-end">
            {dateField('from', 'Başlangıç Tarihi')}
            {dateField('to', 'Bitiş Tarihi')}
            <Group gap={6} role="group" aria-label="Hızlı tarih aralığı" pb={4}>
              {quickRanges().map((quick) => {
                const active = quick.range.from === range.from && quick.range.to === range.to;
                return (
                  <Button
                    key={quick.label}
                    size="compact-sm"
                    variant={active ? 'filled' : 'default'}
                    aria-pressed={active}
                    onClick={() => choose(quick.range)}
                  >
                    {quick.label}
                  </Button>
                );
              })}
            </Group>
          </Group>
          {statement.data && (
            <Text fz="sm" c="dimmed" pb={6} data-testid="statement-closing">
              Kapanış bakiyesi: <b>{formatMoney(statement.data.closingBalance)}</b>
            </Text>
          )}
        </Group>
      </Paper>
      <DataTable
        name={fileName}
        columns={STATEMENT_COLUMNS}
        data={rows}
        pagination={serverPaging(statement.data?.paging, page, setPage)}
        exportRows={async () => statementRows(await fetchWholeStatement(buyerId, range))}
        getRowId={(row) => row.key}
        loading={statement.isPending || statement.isPlaceholderData}
        error={statement.error}
        onRetry={() => void statement.refetch()}
        minWidth={1000}
        exportHeading={statement.data && statementHeading(statement.data)}
        toolbar={
          <Button
            variant="default"
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() => void pdf.run()}
            loading={pdf.submitting}
            disabled={!statement.data}
          >
            PDF
          </Button>
        }
      />
    </Stack>
  );
}
