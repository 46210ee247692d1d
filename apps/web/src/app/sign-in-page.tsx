import { Alert, Button, Center, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endSession, startSession } from '../api/session-store.ts';
import { useSubmitGuard } from '../lib/use-submit-guard.ts';
import { fetchVersion, signIn } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { HOME_AFTER_SIGN_IN } from './paths.ts';
import type { AccessDeniedReason } from './use-page-access.ts';

/** Spec §9: the pause between a successful sign-in and the dashboard. */
const REDIRECT_DELAY_MS = 352;
const SIGN_IN_FAILED = 'Giriş başarısız. Lütfen tekrar deneyin.';
/** Codes the client makes up itself; these carry no server message worth showing. */
const CLIENT_SIDE_CODES = new Set(['UNEXPECTED_RESPONSE', 'NETWORK_ERROR']);

const DENIED_MESSAGES: Record<AccessDeniedReason, string> = {
  forbidden: 'Bu sayfayı açma yetkiniz yok. Yetkili bir kullanıcıyla giriş yapın.',
  timeout: 'Sayfa yetkisi doğrulanamadı. Lütfen tekrar giriş yapın.',
  'signed-out': 'Devam etmek için giriş yapın.',
};

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [signedIn, setSignedIn] = useState(false);
  const [version, setVersion] = useState<string>();
  const deniedReason = (location.state as { reason?: AccessDeniedReason } | null)?.reason;

  useEffect(() => {
    document.title = 'Giriş | Mandıra Portal';
    fetchVersion().then((answer) => {
      if (answer.success) setVersion(answer.data.version);
      else console.error('Versiyon alınamadı', answer.error);
    });
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(HOME_AFTER_SIGN_IN, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate]);

  const submit = useSubmitGuard(async () => {
    setError(undefined);
    const answer = await signIn({ userName: userName.trim(), password });
    if (answer.success) {
      startSession(answer.data.authToken, userName.trim());
      // Menus and lists cached for the previous user must not show for this one.
      queryClient.clear();
      setSignedIn(true);
    } else {
      endSession();
      setError(
        CLIENT_SIDE_CODES.has(answer.error.code) ? SIGN_IN_FAILED : answer.error.message || SIGN_IN_FAILED,
      );
    }
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit.run();
  }

  return (
    <AuthCard
      footer={
        <Center mt="sm">
          <Text c="dimmed" fz="xs" data-testid="app-version">
            {version ? `v${version}` : '\u00a0'}
          </Text>
        </Center>
      }
    >
      <Title order={3} ta="center" mb={4}>
        Hoş geldiniz
      </Title>
      <Text c="dimmed" fz="sm" ta="center" mb="lg">
        Devam etmek için hesabınızla giriş yapın.
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {deniedReason && !error && !signedIn && (
            <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
              {DENIED_MESSAGES[deniedReason]}
            </Alert>
          )}
          <TextInput
            label="Kullanıcı adı"
            name="userName"
            autoComplete="username"
            value={userName}
            onChange={(event) => setUserName(event.currentTarget.value)}
            autoFocus
          />
          <PasswordInput
            label="Şifre"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {error && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle size={18} />}
              data-testid="sign-in-error"
              role="alert"
            >
              <Text c="red.8" fz="sm">
                {error}
              </Text>
            </Alert>
          )}
          {signedIn && (
            <Text c="mandira.8" fz="sm" ta="center">
              Giriş başarılı, yönlendiriliyorsunuz...
            </Text>
          )}
          <Button type="submit" fullWidth size="md" loading={submit.submitting || signedIn}>
            Giriş Yap
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
