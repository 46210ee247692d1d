import { Paper, Stack, Text, Title } from '@mantine/core';
import { getSignedInUserName } from '../../api/session-store.ts';
import { FirstStepsCard } from './first-steps-card.tsx';

/**
 * The welcome text. The count calls are made only for the first-steps card, shown to the
 * holder of the dashboard counters while the portal still lacks products, buyers or delivery points.
 */
export default function DashboardPage() {
  const userName = getSignedInUserName();
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="xl" maw={720}>
        <Stack gap={6}>
          <Title order={1} size="h2">
            Hoş geldiniz!
          </Title>
          <Text c="dimmed">
            {userName ? `${userName}, ` : ''}sol menüden çalışmak istediğiniz ekranı seçebilirsiniz.
          </Text>
        </Stack>
      </Paper>
      <FirstStepsCard />
    </Stack>
  );
}
