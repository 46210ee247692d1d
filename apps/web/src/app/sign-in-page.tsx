import type { CurrentUser } from '@mandira/contract/access';
import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { endSession, getAuthToken, startSession } from '../api/session-store.ts';
import { useSubmitGuard } from '../lib/forms/use-submit-guard.ts';
import { fetchCurrentUser, fetchVersion, signIn, signOut } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { ForbiddenNotice } from './forbidden-notice.tsx';
import { HOME_AFTER_SIGN_IN, SIGN_IN_ALIASES, SIGN_OUT_ALIASES } from './paths.ts';
import { useSignInFields } from './sign-in-fields.tsx';
import type { AccessDeniedReason, SignInState } from './use-page-access.ts';

/** The pause between a successful sign-in and the dashboard. */
const REDIRECT_DELAY_MS = 352;
const SIGN_IN_FAILED = 'Giriş başarısız. Lütfen tekrar deneyin.';
/** Codes the client makes up itself; these carry no server message worth showing. */
const CLIENT_SIDE_CODES = new Set(['UNEXPECTED_RESPONSE', 'NETWORK_ERROR']);

/** Why the user was sent here, when the card's own 'Devam etmek için…' does not already say it. */
const DENIED_MESSAGES: Record<AccessDeniedReason, string | undefined> = {
  forbidden: 'Bu sayfayı açma yetkiniz yok. Yetkili bir kullanıcıyla giriş yapın.',
  timeout: 'Sayfa yetkisi doğrulanamadı. Lütfen tekrar giriş yapın.',
  'signed-out': undefined,
  offline: 'Sunucuya ulaşılamıyor, sayfa yetkisi doğrulanamadı. Bağlantı gelince tekrar giriş yapın.',
};

/** The screen the user was on (decision 101): a path of this app, never the sign-in or sign-out page. */
function returnPath(from: string | undefined): string {
  if (!from?.startsWith('/') || from.startsWith('//')) return HOME_AFTER_SIGN_IN;
  const pathname = from.split(/[?#]/)[0] ?? '';
  // '/' is the dashboard too; the sign-in and sign-out pages are no screen to return to.
  const home = ['/', ...SIGN_IN_ALIASES, ...SIGN_OUT_ALIASES] as readonly string[];
  return home.includes(pathname) ? HOME_AFTER_SIGN_IN : from;
}

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const fields = useSignInFields();
  const { error, setError } = fields;
  const [signedIn, setSignedIn] = useState(false);
  const [version, setVersion] = useState<string>();
  const state = location.state as SignInState | null;
  const deniedReason = state?.reason;
  const deniedMessage = deniedReason && DENIED_MESSAGES[deniedReason];
  const afterSignIn = returnPath(state?.from);
  // A signed-in user who opens the sign-in page goes on, once the server confirms the session. Sent
  // here by a page their roles do not open, they are told so, with a way back (decision 101).
  const [checkingSession, setCheckingSession] = useState(
    () => (!deniedReason || deniedReason === 'forbidden') && getAuthToken() !== null,
  );
  const [forbiddenFor, setForbiddenFor] = useState<CurrentUser>();

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
      if (answer.success && deniedReason === 'forbidden') setForbiddenFor(answer.data);
      else if (answer.success) {
        navigate(afterSignIn, { replace: true });
        return;
      } else if (answer.error.code === 'UNAUTHENTICATED') endSession();
      setCheckingSession(false);
    });
    return () => {
      active = false;
    };
  }, [checkingSession, navigate, afterSignIn, deniedReason]);

  useEffect(() => {
    if (!signedIn) return;
    const timer = setTimeout(() => navigate(afterSignIn, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [signedIn, navigate, afterSignIn]);

  /** Leaves the session that may not open the page, for a sign-in as someone who may. */
  async function signInAsSomeoneElse() {
    await signOut();
    endSession();
    queryClient.clear();
    setForbiddenFor(undefined);
  }

  const submit = useSubmitGuard(async () => {
    // An empty form is answered here, on its fields; nothing is sent (decision 101).
    const body = fields.readBody();
    if (!body) return;
    const answer = await signIn(body);
    if (answer.success) {
      startSession(answer.data.authToken, body.userName);
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
      {forbiddenFor ? (
        <ForbiddenNotice user={forbiddenFor} onSignInAsSomeoneElse={signInAsSomeoneElse} />
      ) : (
        <>
          <Title order={1} size="h3" ta="center" mb={4}>
            Hoş geldiniz
          </Title>
          <Text c="dimmed" fz="sm" ta="center" mb="lg">
            Devam etmek için hesabınızla giriş yapın.
          </Text>
        </>
      )}
      {checkingSession ? (
        <Center py="xl">
          <Loader role="status" aria-label="Oturum kontrol ediliyor" />
        </Center>
      ) : forbiddenFor ? null : (
        <form onSubmit={handleSubmit} noValidate>
          <Stack gap="md">
            {deniedMessage && !error && !signedIn && (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />}>
                {deniedMessage}
              </Alert>
            )}
            {fields.inputs('userName')}
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
