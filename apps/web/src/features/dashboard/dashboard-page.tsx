import { Paper, Stack, Text, Title } from '@mantine/core';
import { useCurrentUser } from '../../api/current-user.ts';
import { getSignedInUserName } from '../../api/session-store.ts';
import { FirstStepsCard } from './first-steps-card.tsx';
import { MyWorkCards } from './my-work-cards.tsx';

/**
 * The welcome text, then the work waiting on the user's screens. The first-steps counters are asked
 * only for the first-steps card, shown to the holder of the dashboard counters while the portal still
 * lacks products, buyers or delivery points.
 */
export default function DashboardPage() {
  const user = useCurrentUser().data;
  // The person's name when the user has one; the login name only until it is known, or without one.
  const fullName = user ? `${user.name} ${user.surname}`.trim() : '';
  const userName = fullName || user?.userName || getSignedInUserName();
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="xl" maw={720}>
        <Stack gap={6}>
          <Title order={1} size="h2">
            Hoş geldiniz!
          </Title>
          <Text c="dimmed" data-testid="greeting">
            {userName ? `${userName}, ` : ''}sol menüden çalışmak istediğiniz ekranı seçebilirsiniz.
          </Text>
        </Stack>
      </Paper>
      <MyWorkCards />
      <FirstStepsCard />
    </Stack>
  );
}
