import { Alert, Button, Center, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconDatabaseOff } from '@tabler/icons-react';
import { errorMessage } from '../forms/error-message.ts';

/** A list that could not be loaded: the reason in Turkish and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={title}>
      <Group justify="space-between">
        <Text fz="sm">{errorMessage(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          Tekrar dene
        </Button>
      </Group>
    </Alert>
  );
}

/** The empty state of a list that is not a table ('Kayıt bulunamadı', as the tables say). */
export function NothingFound({ message = 'Kayıt bulunamadı' }: { message?: string }) {
  return (
    <Center py="xl" c="dimmed">
      <Group gap="xs">
        <IconDatabaseOff size={18} />
        <Text fz="sm">{message}</Text>
      </Group>
    </Center>
  );
}
