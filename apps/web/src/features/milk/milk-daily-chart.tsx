import '@mantine/charts/styles.css';
import type { MilkSummary } from '@mandira/contract/milk';
import { BarChart } from '@mantine/charts';
import { Center, Text } from '@mantine/core';
import { formatLitres } from './milk-format.ts';

export const MILK_SERIES = [
  { name: 'cowMilkVolume', label: 'İnek Sütü', color: 'blue.6' },
  { name: 'sheepMilkVolume', label: 'Koyun Sütü', color: 'orange.5' },
  { name: 'goatMilkVolume', label: 'Keçi Sütü', color: 'grape.5' },
];

/** Legend and tooltip in the screen's order (cow, sheep, goat), not recharts' alphabetical one. */
const seriesOrder = (item: { dataKey?: unknown }) =>
  MILK_SERIES.findIndex((series) => series.name === item.dataKey);

/** Litres per day, the three milks stacked: the shape of the collection at a glance. */
export function MilkDailyChart({ daily }: { daily: MilkSummary['daily'] }) {
  if (daily.every((day) => day.deliveryCount === 0)) {
    return (
      <Center h={260} c="dimmed">
        <Text fz="sm">Bu aralıkta teslimat yok</Text>
      </Center>
    );
  }
  // 'DD.MM' keeps a quarter's worth of days legible on the axis.
  const data = daily.map((day) => ({ ...day, day: `${day.date.slice(8, 10)}.${day.date.slice(5, 7)}` }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="day"
      type="stacked"
      series={MILK_SERIES}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 36, itemSorter: seriesOrder }}
      tooltipProps={{ itemSorter: seriesOrder }}
      valueFormatter={(value) => `${formatLitres(value)} L`}
      tickLine="y"
      gridAxis="y"
      maxBarWidth={48}
      // Room for '120.000 L' on one line.
      yAxisProps={{ width: 84 }}
      data-testid="milk-daily-chart"
    />
  );
}
