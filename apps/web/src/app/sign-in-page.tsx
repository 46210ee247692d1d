import { Alert, Button, Center, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endSession, getAuthToken, startSession } from '../api/session-store.ts';
import { useSubmitGuard } from '../lib/use-submit-guard.ts';
import { fetchCurrentUser, fetchVersion, signIn } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { HOME_AFTER_SIGN_IN } from './paths.ts';
import type { AccessDeniedReason } from './use-page-access.ts';

/** Spec §9: the pause between a successful sign-in and the dashboard. */
const REDIRECT_DELAY_MS = 352;
const SIGN_IN_FAILED = 'Giriş başarısız. Lütfen tekrar deneyin.';
/** Codes the client makes up itself; these carry no server message worth showing. */
const CLIENT_SIDE_CODES = new Set(['UNEXPECTED_RESPONSE', 'NETWORK_ERROR']);

/** Why the user was sent here, when the card's own 'Devam etmek için…' does not already say it. */
const DENIED_MESSAGES: Record<AccessDeniedReason, string | undefined> = {
  forbidden: 'Bu sayfayı açma yetkiniz yok. Yetkili bir kullanıcıyla giriş yapın.',
  timeout: 'Sayfa yetkisi doğrulanamadı. Lütfen tekrar giriş yapın.',
  'signed-out': undefined,
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
  const deniedMessage = deniedReason && DENIED_MESSAGES[deniedReason];
  // A signed-in user who opens the sign-in page goes on to the dashboard, once the server confirms
  // the session. Not when a page sent them here: they may want to sign in as someone else.
  const [checkingSession, setCheckingSession] = useState(() => !deniedReason && getAuthToken() !== null);

  useEffect(() => {
    document.title = 'Giriş | Mandıra Portal';
    fetchVersion().then((answer) => {
      if (answer.success) setVersion(answer.data.version);
      else console.error('Versiyon alınamadı', answer.error);
    });
  }, []);

  useEffect(() => {
    if (!checkingSession) return;
    let active = true;
    fetchCurrentUser().then((answer) => {
      if (!active) return;
      if (answer.success) {
        navigate(HOME_AFTER_SIGN_IN, { replace: true });
        return;
      }
      if (answer.error.code === 'UNAUTHENTICATED') endSession();
      setCheckingSession(false);
    });
    return () => {
      active = false;
    };
  }, [checkingSession, navigate]);

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
      <Title order={1} size="h3" ta="center" mb={4}>
        Hoş geldiniz
      </Title>
      <Text c="dimmed" fz="sm" ta="center" mb="lg">
        Devam etmek için hesabınızla giriş yapın.
      </Text>
      {checkingSession ? (
        <Center py="xl">
          <Loader aria-label="Oturum kontrol ediliyor" />
        </Center>
      ) : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            {deniedMessage && !error && !signedIn && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
                {deniedMessage}
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
      )}
    </AuthCard>
  );
}
