import { AppShell, Avatar, Burger, Button, Group, Loader, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { useCurrentUser } from '../api/current-user.ts';
import { LiveUpdates } from '../api/live/live-updates.tsx';
import { getSignedInUserName } from '../api/session-store.ts';
import { DiscardGuard } from '../lib/modals/discard-guard.tsx';
import { LeftMenu } from './left-menu.tsx';
import { LiveLinkIndicator } from './live-link-indicator.tsx';
import { Logo } from './logo.tsx';
import { MAIN_CONTENT_ID, SkipLink, useFocusHeadingOnNavigate } from './page-focus.tsx';
import { SIGN_OUT_PATH } from './paths.ts';
import { ScreenProviders } from './screen-providers.tsx';
import { SignInAgainModal } from './sign-in-again-modal.tsx';

/** The left menu, which the burger opens and closes on a narrow screen. */
const NAVBAR_ID = 'main-menu';

/**
 * The frame of every protected page: logo, user, sign-out, left menu and the page itself. Loaded
 * lazily by the router: the sign-in page does without it.
 */
export default function PageShell() {
  const [navbarOpened, navbar] = useDisclosure(false);
  const busy = useIsFetching() + useIsMutating() > 0;
  const currentUser = useCurrentUser().data;
  const fullName = currentUser ? `${currentUser.name} ${currentUser.surname}`.trim() : '';
  const userName = fullName || currentUser?.userName || getSignedInUserName() || '';
  useFocusHeadingOnNavigate();

  return (
    <ScreenProviders>
      <LiveUpdates>
        <SkipLink />
        <AppShell
          header={{ height: 60 }}
          navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
          padding="md"
        >
          <AppShell.Header>
            <Group h="100%" px="md" justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Burger
                  opened={navbarOpened}
                  onClick={navbar.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label="Menü"
                  aria-expanded={navbarOpened}
                  aria-controls={NAVBAR_ID}
                />
                {/* Named by what it shows, then where it leads (WCAG 2.5.3). */}
                <Link
                  to="/dashboard"
                  style={{ textDecoration: 'none' }}
                  aria-label="Mandıra Portal ana sayfa"
                >
                  <Logo />
                </Link>
              </Group>
              <Group gap="md" wrap="nowrap">
                <LiveLinkIndicator />
                {busy && (
                  <Loader
                    size="sm"
                    type="dots"
                    role="status"
                    aria-label="Yükleniyor"
                    data-testid="busy-indicator"
                  />
                )}
                <Group gap={8} wrap="nowrap" visibleFrom="xs">
                  <Avatar size={30} radius="xl" color="mandira" name={userName} />
                  <Text fz="sm" fw={500} data-testid="signed-in-user">
                    {userName}
                  </Text>
                </Group>
                <Button
                  component={Link}
                  to={SIGN_OUT_PATH}
                  variant="subtle"
                  color="gray"
                  leftSection={<IconLogout size={16} />}
                >
                  Çıkış
                </Button>
              </Group>
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="xs" id={NAVBAR_ID}>
            <LeftMenu onNavigate={navbar.close} />
          </AppShell.Navbar>
          <AppShell.Main bg="gray.0" id={MAIN_CONTENT_ID}>
            <Outlet />
          </AppShell.Main>
        </AppShell>
      </LiveUpdates>
      <SignInAgainModal />
      <DiscardGuard />
    </ScreenProviders>
  );
}
