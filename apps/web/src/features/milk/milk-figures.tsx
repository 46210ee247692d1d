import type { MilkSummary } from '@mandira/contract/milk';
import { Alert, Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileSpreadsheet } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { DataTable } from '../../lib/data-table/data-table.tsx';
import { errorMessage } from '../../lib/forms/error-message.ts';
import { CenteredLoader } from '../../lib/pages/centered-loader.tsx';
import type { DayRange } from './api.ts';
import { MilkRangePicker } from './milk-range-picker.tsx';
import { DAILY_COLUMNS, DRIVER_COLUMNS, VEHICLE_COLUMNS } from './milk-summary-columns.tsx';
import { exportMilkSummary } from './milk-summary-export.ts';
import { MilkTotals } from './milk-totals.tsx';

// The chart library is as large as the rest of the screen: it loads when a chart is first shown.
const MilkDailyChart = lazy(() =>
  import('./milk-daily-chart.tsx').then((module) => ({ default: module.MilkDailyChart })),
);

type Props = {
  range: DayRange;
  onRangeChange: (range: DayRange) => void;
  summary: MilkSummary | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
};

/** The collection figures of a range, computed by the server: totals, a daily chart and breakdowns. */
export function MilkFigures({ range, onRangeChange, summary, loading, error, onRetry }: Props) {
  const [exporting, setExporting] = useState(false);

  async function handleExport() {
    if (!summary) return;
    setExporting(true);
    try {
      await exportMilkSummary(summary);
    } catch (failure) {
      console.error('Süt özeti dışa aktarılamadı', failure);
      notifications.show({ color: 'red', title: 'Excel', message: 'Excel dosyası oluşturulamadı.' });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" mb="xl" data-testid="milk-figures">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <Stack gap={2}>
            <Title order={2} size="h3">
              Süt Rakamları
            </Title>
            <Text c="dimmed" fz="sm">
              Seçilen günlerde toplanan süt; aşağıdaki teslimat listesi de bu aralığı gösterir
            </Text>
          </Stack>
          <Group align="flex-end" gap="sm">
            <MilkRangePicker range={range} onChange={onRangeChange} />
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              onClick={() => void handleExport()}
              loading={exporting}
              disabled={!summary}
            >
              Özet Excel
            </Button>
          </Group>
        </Group>
        {error ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Rakamlar yüklenemedi">
            <Group justify="space-between">
              <Text fz="sm">{errorMessage(error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={onRetry}>
                Tekrar dene
              </Button>
            </Group>
          </Alert>
        ) : null}
        {!summary && loading ? (
          <CenteredLoader label="Rakamlar hesaplanıyor..." />
        ) : summary ? (
          <>
            <MilkTotals totals={summary.totals} />
            <Suspense fallback={<Skeleton h={260} />}>
              <MilkDailyChart daily={summary.daily} />
            </Suspense>
            <Tabs defaultValue="daily" keepMounted={false} variant="outline">
              <Tabs.List mb="sm">
                <Tabs.Tab value="daily">Günlük</Tabs.Tab>
                <Tabs.Tab value="vehicles">Araçlara Göre</Tabs.Tab>
                <Tabs.Tab value="drivers">Şoförlere Göre</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="daily">
                <DataTable
                  name={`sut-gunluk-${summary.from}-${summary.to}`}
                  columns={DAILY_COLUMNS}
                  data={summary.daily}
                  getRowId={(row) => row.date}
                  initialSort={[{ id: 'date', desc: true }]}
                />
              </Tabs.Panel>
              <Tabs.Panel value="vehicles">
                <DataTable
                  name={`sut-araclara-gore-${summary.from}-${summary.to}`}
                  columns={VEHICLE_COLUMNS}
                  data={summary.byVehicle}
                  getRowId={(row) => row.milkVehicleId}
                  initialSort={[
                    { id: 'totalVolume', desc: true },
                    { id: 'licencePlateCode', desc: false },
                  ]}
                />
              </Tabs.Panel>
              <Tabs.Panel value="drivers">
                <DataTable
                  name={`sut-soforlere-gore-${summary.from}-${summary.to}`}
                  columns={DRIVER_COLUMNS}
                  data={summary.byDriver}
                  getRowId={(row) => row.milkVehicleDriverId}
                  initialSort={[
                    { id: 'totalVolume', desc: true },
                    { id: 'driverFullName', desc: false },
                  ]}
                />
              </Tabs.Panel>
            </Tabs>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
