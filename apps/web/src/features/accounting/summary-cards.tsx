import type { AccountingSummary } from '@mandira/contract/accounting';
import { Badge, Group, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatMoney, formatNumber } from '../../lib/format/format.ts';
import { balanceStanding } from './balance.ts';

type CardProps = { label: string; testId: string; badge?: ReactNode; children: ReactNode };

function Card({ label, testId, badge, children }: CardProps) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid={testId}>
      <Group justify="space-between" gap={4} wrap="nowrap">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {badge}
      </Group>
      {children}
    </Paper>
  );
}

const Figure = ({ children, color }: { children: ReactNode; color?: string }) => (
  <Text fz="lg" fw={700} c={color} data-testid="figure">
    {children}
  </Text>
);

/** The account summary (docs/domain/money.md): the buyer's orders, payments, refunds and the balance. */
export function SummaryCards({ summary }: { summary: AccountingSummary | undefined }) {
  if (!summary) {
    return (
      <SimpleGrid cols={5} spacing="sm">
        {[1, 2, 3, 4, 5].map((key) => (
          <Skeleton key={key} height={66} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  const standing = balanceStanding(summary.remainingAmountToPurchase);
  return (
    <SimpleGrid cols={5} spacing="sm">
      <Card label="Sipariş Sayısı" testId="card-order-count">
        <Figure>{formatNumber(summary.totalOrderCount, 0)}</Figure>
      </Card>
      {/* The orders' dealt totals: what the account charges, not what was asked at placing (decision 105).
          Orders still in review count with what was ordered, so the card does not call it billed (decision 143). */}
      <Card label="Sipariş Tutarları" testId="card-orders">
        <Figure>{formatMoney(summary.totalAmountOfOrders)}</Figure>
      </Card>
      <Card label="Ödemeler" testId="card-payments">
        <Figure>{formatMoney(summary.totalAmountOfOrderPayments)}</Figure>
      </Card>
      <Card label="İadeler" testId="card-refunds">
        <Figure>{formatMoney(summary.totalAmountOfProductRefunds)}</Figure>
      </Card>
      <Card
        label="Bakiye"
        testId="card-balance"
        badge={
          <Badge size="sm" variant="light" color={standing.color} data-testid="balance-standing">
            {standing.word}
          </Badge>
        }
      >
        <Figure color={`${standing.color}.8`}>{formatMoney(standing.amount)}</Figure>
      </Card>
    </SimpleGrid>
  );
}
