import { Paper, Stack, Text, Title } from '@mantine/core';
import { getSignedInUserName } from '../../api/session-store.ts';

/** Spec §2: only the welcome text; the count calls exist but are not made on load. */
export default function DashboardPage() {
  const userName = getSignedInUserName();
  return (
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
  );
}
