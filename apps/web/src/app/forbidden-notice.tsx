import type { CurrentUser } from '@mandira/contract/access';
import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { HOME_AFTER_SIGN_IN } from './paths.ts';

type Props = { user: CurrentUser; onSignInAsSomeoneElse: () => Promise<void> };

/**
 * The sign-in page of a user whose session is valid but whose roles do not open the page they asked
 * for: who they are, the way back, and a sign-in as someone who may (decision 101).
 */
export function ForbiddenNotice({ user, onSignInAsSomeoneElse }: Props) {
  const [leaving, setLeaving] = useState(false);
  const fullName = `${user.name} ${user.surname}`.trim();
  return (
    <Stack align="center" gap="sm" data-testid="forbidden-notice">
      <ThemeIcon size={48} radius="xl" color="yellow" variant="light">
        <IconLock size={26} />
      </ThemeIcon>
      <Title order={1} size="h3" ta="center">
        Bu sayfayı açma yetkiniz yok
      </Title>
      <Text c="dimmed" fz="sm" ta="center">
        Şu an{' '}
        <b data-testid="forbidden-user">{fullName ? `${fullName} (${user.userName})` : user.userName}</b>{' '}
        olarak giriş yapmış durumdasınız. Bu sayfa için yetkili bir kullanıcıyla giriş yapabilir ya da ana
        sayfaya dönebilirsiniz.
      </Text>
      <Stack gap="xs" w="100%" mt="sm">
        <Button component={Link} to={HOME_AFTER_SIGN_IN} replace fullWidth size="md">
          Ana Sayfa'ya dön
        </Button>
        <Button
          variant="default"
          fullWidth
          loading={leaving}
          onClick={() => {
            setLeaving(true);
            void onSignInAsSomeoneElse().finally(() => setLeaving(false));
          }}
        >
          Başka bir kullanıcıyla giriş yap
        </Button>
      </Stack>
    </Stack>
  );
}
