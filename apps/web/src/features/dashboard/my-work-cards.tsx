import type { MyWorkItem } from '@mandira/contract/my-work';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMyWork } from '../../api/dashboard.ts';
import { formatNumber } from '../../lib/format/format.ts';
import { LoadError } from '../../lib/pages/load-states.tsx';

/** The count the Turkish way; past the list's limit "500+". */
const countText = (item: MyWorkItem) => `${formatNumber(item.count, 0)}${item.more ? '+' : ''}`;

function WorkCard({ item }: { item: MyWorkItem }) {
  return (
    <Card
      component={Link}
      to={item.relativePath}
      withBorder
      radius="md"
      padding="lg"
      data-testid="my-work-card"
      data-key={item.key}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Text fz={32} fw={700} lh={1} data-testid="my-work-count">
            {countText(item)}
          </Text>
          <Text fz="sm" c="dimmed">
            {item.label}
          </Text>
        </Stack>
        <IconChevronRight size={18} color="var(--mantine-color-dimmed)" />
      </Group>
    </Card>
  );
}

/**
 * 'Bekleyen işleriniz' on Ana Sayfa: one card per screen of the user with work waiting there, each
 * opening the screen filtered to that work (docs/domain/my-work.md). The server answers zeros too;
 * only the cards with work are shown.
 */
export function MyWorkCards() {
  const work = useMyWork();
  const waiting = work.data?.filter((item) => item.count > 0) ?? [];
  return (
    <Stack gap="sm" maw={960} data-testid="my-work">
      <Title order={2} size="h3">
        Bekleyen işleriniz
      </Title>
      {work.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="my-work-loading">
          <Skeleton h={96} radius="md" />
          <Skeleton h={96} radius="md" />
          <Skeleton h={96} radius="md" />
        </SimpleGrid>
      ) : work.error ? (
        <LoadError
          title="Bekleyen işler yüklenemedi"
          error={work.error}
          onRetry={() => void work.refetch()}
        />
      ) : waiting.length === 0 ? (
        <Text c="dimmed" fz="sm" data-testid="my-work-empty">
          Bekleyen işiniz yok.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {waiting.map((item) => (
            <WorkCard key={item.key} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
