import { lotLabel } from '@mandira/contract/lots';
import type { LotTrace } from '@mandira/contract/lots-answers';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import type { ExcelHeading } from '../../lib/data-table/export-to-excel.ts';
import { openBlob } from '../../lib/files/save-file.ts';
import { formatDateTime } from '../../lib/format/format.ts';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { useSubmitGuard } from '../../lib/forms/use-submit-guard.ts';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import { LoadError } from '../../lib/pages/load-states.tsx';
import { recallListPdf, useLotTrace } from './api.ts';
import { daysLeftText, dayText, formatPieces, LOAD_COLUMNS } from './lot-columns.tsx';

const TOTALS = [
  ['produced', 'Giren (üretim, satın alma, emanet)'],
  ['onHand', 'Eldeki'],
  ['shipped', 'Sevk edilen'],
  ['delivered', 'Teslim edilen'],
  ['returned', 'İade'],
  ['disposed', 'İmha'],
] as const satisfies readonly (readonly [keyof LotTrace['totals'], string])[];

/** The Excel file's head, as the PDF's: which lot of which item, when it was made. */
function traceHeading({ lot, totals }: LotTrace): ExcelHeading {
  return {
    title: 'Parti Takibi',
    details: [
      ['Parti', lotLabel(lot)],
      ['Ürün', `${lot.item.stockCode} - ${lot.item.name}`],
      ...TOTALS.map(([key, label]) => [label, formatPieces(totals[key])] as const),
      ['Düzenlenme', formatDateTime(new Date())],
    ],
  };
}

/** A file name's part from a code: letters, digits, '-' and '_' only. */
const safe = (text: string) => text.replace(/[^\p{L}\p{N}_-]+/gu, '-');

/**
 * One lot's trace, a recall's answer (docs/domain/lots.md): the totals, where the pieces lie now, and
 * every load of it with its buyer and delivery point; as Excel (the loads table) or as the PDF recall list.
 */
export function LotTracePanel({ lotId }: { lotId: number }) {
  const trace = useLotTrace(lotId);
  const data = trace.data;
  const fileName = data
    ? `parti-takibi-${safe(data.lot.code || 'SKT-yok')}-${safe(data.lot.item.stockCode)}`
    : '';
  const pdf = useSubmitGuard(async () => {
    try {
      openBlob(await recallListPdf(lotId), `${fileName}.pdf`);
    } catch (error) {
      notifications.show({ color: 'red', title: 'PDF oluşturulamadı', message: errorMessage(error) });
    }
  });

  if (trace.isPending) return <CenteredLoader label="Parti izi yükleniyor..." />;
  if (trace.error || !data) {
    return (
      <LoadError title="Parti izi yüklenemedi" error={trace.error} onRetry={() => void trace.refetch()} />
    );
  }
  const { lot, totals } = data;
  return (
    <Stack gap="sm" data-testid="lot-trace">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3">
              {lotLabel(lot)}
            </Title>
            <Text fz="sm" c="dimmed">
              {lot.item.stockCode} - {lot.item.name}
              {lot.productionDate ? ` · Üretim ${dayText(lot.productionDate)}` : ''}
              {lot.daysLeft === null ? '' : ` · ${daysLeftText(lot)}`}
            </Text>
          </Stack>
          <Button
            leftSection={<IconFileTypePdf size={16} />}
            onClick={() => void pdf.run()}
            loading={pdf.submitting}
          >
            PDF Geri Çağırma Listesi
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} mt="md" data-testid="lot-totals">
          {TOTALS.map(([key, label]) => (
            <Stack key={key} gap={0} data-total={key}>
              <Text fz={24} fw={700} lh={1.2}>
                {formatPieces(totals[key])}
              </Text>
              <Text fz="xs" c="dimmed">
                {label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Text fz="sm" mt="md" data-testid="lot-stock">
          <b>Depodaki stok: </b>
          {lot.warehouses.length === 0
            ? 'Depolarda bu partiden stok yok.'
            : lot.warehouses
                .map((stock) => `${stock.warehouse.label}: ${formatPieces(stock.quantity)} adet`)
                .join(' · ')}
        </Text>
      </Paper>
      <Title order={3} size="h4">
        Yüklemeler ve alıcılar
      </Title>
      <DataTable
        name={fileName}
        columns={LOAD_COLUMNS}
        data={data.loads}
        getRowId={(load) => load.shipmentLoadId}
        loading={trace.isFetching && !data}
        emptyMessage="Bu partiden yükleme yapılmamış"
        minWidth={1100}
        exportHeading={traceHeading(data)}
      />
    </Stack>
  );
}
