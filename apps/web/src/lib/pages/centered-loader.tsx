import { Center, Loader, Stack, Text } from '@mantine/core';

export function CenteredLoader({ label = 'Yükleniyor...' }: { label?: string }) {
  return (
    <Center py={80}>
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text c="dimmed" fz="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
