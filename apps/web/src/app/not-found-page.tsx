import { Button, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { AuthCard } from './auth-card.tsx';
import { HOME_AFTER_SIGN_IN } from './paths.ts';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Sayfa bulunamadı | Mandıra Portal';
  }, []);
  return (
    <AuthCard>
      <Stack align="center" gap="sm">
        <Text fz={48} fw={700} c="mandira.8" lh={1}>
          404
        </Text>
        <Title order={1} size="h3">
          Sayfa bulunamadı
        </Title>
        <Text c="dimmed" fz="sm" ta="center">
          Aradığınız sayfa taşınmış, silinmiş ya da hiç var olmamış olabilir.
        </Text>
        <Button component={Link} to={HOME_AFTER_SIGN_IN} mt="sm">
          Ana sayfaya dön
        </Button>
      </Stack>
    </AuthCard>
  );
}
