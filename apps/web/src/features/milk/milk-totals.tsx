import type { MilkVolumes } from '@mandira/contract/milk';
import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatLitres } from './milk-format.ts';

const CARDS: { key: keyof MilkVolumes; label: string; color: string; unit?: string }[] = [
  { key: 'totalVolume', label: 'Toplam Süt', color: 'mandira.8' },
  { key: 'cowMilkVolume', label: 'İnek Sütü', color: 'blue.7' },
  { key: 'sheepMilkVolume', label: 'Koyun Sütü', color: 'orange.7' },
  { key: 'goatMilkVolume', label: 'Keçi Sütü', color: 'grape.7' },
  { key: 'deliveryCount', label: 'Teslimat', color: 'gray.8', unit: 'adet' },
];

/** The range's totals, one card per milk, as the dairy reads them each morning. */
export function MilkTotals({ totals }: { totals: MilkVolumes | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="milk-totals">
      {CARDS.map((card) => (
        <Paper key={card.key} withBorder radius="md" p="sm" data-testid={`milk-total-${card.key}`}>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {card.label}
          </Text>
          <Text fz="xl" fw={700} c={card.color}>
            {totals ? formatLitres(totals[card.key]) : '—'}{' '}
            <Text span fz="sm" c="dimmed" fw={500}>
              {card.unit ?? 'L'}
            </Text>
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
