import { UNEXPECTED_ERROR_MESSAGE } from '@mandira/contract/unexpected-error';
import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRouteError } from 'react-router';
import { ChunkLoadTimeoutError } from './lazy-screen.ts';

/**
 * A screen's chunk fails to load after a new release or on a lost connection, or does not arrive
 * within two minutes: offer a reload.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error('Sayfa hatası', error);
  const chunkFailed =
    error instanceof ChunkLoadTimeoutError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed/i.test(error.message));
  return (
    <Container size="sm" py={60}>
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle />}
        title={
          <Title order={1} size="h4">
            Sayfa açılamadı
          </Title>
        }
      >
        <Stack gap="sm">
          <Text fz="sm">
            {chunkFailed
              ? 'Sayfanın dosyaları yüklenemedi. Bağlantınızı kontrol edip sayfayı yenileyin.'
              : UNEXPECTED_ERROR_MESSAGE}
          </Text>
          <Button w="fit-content" color="red" variant="light" onClick={() => window.location.reload()}>
            Yeniden yükle
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
