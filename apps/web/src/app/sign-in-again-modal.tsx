import type { CurrentUser } from '@mandira/contract/access';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type SignInAgainOutcome, setSignInAgainHandler } from '../api/client.ts';
import { useCurrentUser } from '../api/current-user.ts';
import { startSession } from '../api/session-store.ts';
import { useSubmitGuard } from '../lib/forms/use-submit-guard.ts';
import { fetchCurrentUser, signIn } from './api.ts';
import { userSwitched } from './session-switch.ts';
import { useSignInFields } from './sign-in-fields.tsx';

// Mantine closes every open modal on Escape; inside this one it must not close the form beneath.
const KEEP_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

const fullNameOf = (user: CurrentUser) => `${user.name} ${user.surname}`.trim() || user.userName;

/**
 * Asks for the password when a request meets an ended session (signed out in another tab, or
 * expired) while a screen is open. The screen and what was typed stay beneath; signed in again as the
 * same user, the request that failed is sent once more; as someone else, it is not (decision 101).
 */
export function SignInAgainModal() {
  const queryClient = useQueryClient();
  const currentUser = useCurrentUser().data;
  const known = useRef(currentUser);
  known.current = currentUser ?? known.current;
  const pending = useRef<((outcome: SignInAgainOutcome) => void) | null>(null);
  const [previousUser, setPreviousUser] = useState<CurrentUser>();
  const [switchedTo, setSwitchedTo] = useState<CurrentUser>();

  useEffect(() => {
    setSignInAgainHandler(() => {
      const user = known.current;
      // Nobody seen signed in on this page yet (a stale token on arrival): the sign-in page it is.
      if (!user) return Promise.resolve('cancelled');
      return new Promise<SignInAgainOutcome>((resolve) => {
        pending.current = resolve;
        setSwitchedTo(undefined);
        setPreviousUser(user);
      });
    });
    return () => {
      setSignInAgainHandler(null);
      pending.current?.('cancelled');
      pending.current = null;
    };
  }, []);

  function finish(outcome: SignInAgainOutcome) {
    pending.current?.(outcome);
    pending.current = null;
    setPreviousUser(undefined);
    if (outcome === 'other-user') userSwitched();
  }

  async function signedInAs(user: CurrentUser) {
    if (user.id === previousUser?.id) {
      finish('same-user');
      return;
    }
    // Lists and menus read for the previous user are read again for this one.
    await queryClient.invalidateQueries();
    setSwitchedTo(user);
  }

  return (
    <Modal
      opened={previousUser !== undefined}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      zIndex={300}
      title={switchedTo ? 'Başka bir kullanıcıyla giriş yapıldı' : 'Oturumunuz sona erdi'}
      centered
    >
      {switchedTo && previousUser ? (
        <Stack gap="md">
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="not-saved">
            <b>{fullNameOf(previousUser)}</b> adına yapılan son işlem kaydedilmedi. Şimdi{' '}
            <b>{fullNameOf(switchedTo)}</b> olarak giriş yaptınız; ekrandaki bilgileri kontrol edip gerekirse
            yeniden kaydedin.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={() => finish('other-user')} {...KEEP_ESCAPE}>
              Tamam
            </Button>
          </Group>
        </Stack>
      ) : previousUser ? (
        <PasswordForm
          key={previousUser.id}
          user={previousUser}
          onSignedIn={signedInAs}
          onGiveUp={() => finish('cancelled')}
        />
      ) : null}
    </Modal>
  );
}

type FormProps = {
  user: CurrentUser;
  onSignedIn: (user: CurrentUser) => Promise<void>;
  onGiveUp: () => void;
};

function PasswordForm({ user, onSignedIn, onGiveUp }: FormProps) {
  const fields = useSignInFields(user.userName);

  const submit = useSubmitGuard(async () => {
    const body = fields.readBody();
    if (!body) return;
    const answer = await signIn(body);
    if (!answer.success) {
      fields.setError(answer.error.message);
      return;
    }
    startSession(answer.data.authToken, body.userName);
    const me = await fetchCurrentUser();
    if (!me.success) {
      fields.setError(me.error.message);
      return;
    }
    await onSignedIn(me.data);
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    void submit.run();
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconLock size={22} style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fz="sm">
            Girdiğiniz bilgiler ekranda duruyor. Şifrenizi girip yeniden giriş yapın; yarım kalan işleminiz
            kaldığı yerden gönderilecek.
          </Text>
        </Group>
        {fields.inputs('password', KEEP_ESCAPE)}
        {fields.error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {fields.error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onGiveUp} disabled={submit.submitting} {...KEEP_ESCAPE}>
            Çıkış Yap
          </Button>
          <Button type="submit" loading={submit.submitting} {...KEEP_ESCAPE}>
            Giriş Yap ve Devam Et
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
