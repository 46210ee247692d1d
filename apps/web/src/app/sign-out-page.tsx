import { Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { endSession } from '../api/session-store.ts';
import { signOut } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { SIGN_IN_PATH } from './paths.ts';

/** The pause between signing out and the sign-in page. */
const REDIRECT_DELAY_MS = 700;

export function SignOutPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Kept across StrictMode's second effect run, so the server is told once.
  const signingOut = useRef<Promise<void> | null>(null);

  useEffect(() => {
    document.title = 'Çıkış | Mandıra Portal';
    signingOut.current ??= signOut().then(
      () => undefined,
      () => undefined,
    );
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    signingOut.current.then(() => {
      // The token goes whatever the server said: the user asked to leave.
      endSession();
      queryClient.clear();
      if (active) timer = setTimeout(() => navigate(SIGN_IN_PATH, { replace: true }), REDIRECT_DELAY_MS);
    });
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [navigate, queryClient]);

  return (
    <AuthCard>
      <Stack align="center" gap="sm" py="md">
        <Loader />
        <Title order={1} size="h4" fw={500}>
          Çıkış yapılıyor...
        </Title>
        <Text c="dimmed" fz="sm">
          Oturumunuz kapatılıyor, giriş sayfasına yönlendiriliyorsunuz.
        </Text>
      </Stack>
    </AuthCard>
  );
}
