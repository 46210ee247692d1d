import { AppShell, Avatar, Burger, Button, Group, Loader, Text } from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Link, Outlet } from 'react-router';
import { useCurrentUser } from '../api/current-user.ts';
import { LiveUpdates } from '../api/live/live-updates.tsx';
import { getSignedInUserName } from '../api/session-store.ts';
import { FIELD_LAYOUT_MAX_WIDTH, useFieldLayout } from '../lib/layout/field-layout.ts';
import { DiscardGuard } from '../lib/modals/discard-guard.tsx';
import { LeftMenu } from './left-menu.tsx';
import { LiveLinkIndicator } from './live-link-indicator.tsx';
import { Logo } from './logo.tsx';
import { MAIN_CONTENT_ID, SkipLink, useFocusHeadingOnNavigate } from './page-focus.tsx';
import { HOME_AFTER_SIGN_IN, SIGN_OUT_PATH } from './paths.ts';
import { ScreenProviders } from './screen-providers.tsx';
import { SignInAgainModal } from './sign-in-again-modal.tsx';

/** The left menu, which the burger opens and closes. */
const NAVBAR_ID = 'main-menu';
/** Where a wide screen remembers that its user folded the menu away (decision 158). */
const MENU_HIDDEN_KEY = 'mandira-menu-hidden';

/**
 * The frame of every protected page: logo, user, sign-out, left menu and the page itself. Loaded
 * lazily by the router: the sign-in page does without it.
 */
export default function PageShell() {
  // On a tablet or phone the menu lies over the page and opens on demand; on a wide screen it stays
  // beside the page unless folded away, which is remembered on the device.
  const [navbarOpened, navbar] = useDisclosure(false);
  const narrow = useFieldLayout();
  const [menuHidden, setMenuHidden] = useLocalStorage({
    key: MENU_HIDDEN_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const menuShown = narrow ? navbarOpened : !menuHidden;
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
          navbar={{
            width: 240,
            breakpoint: FIELD_LAYOUT_MAX_WIDTH,
            collapsed: { mobile: !navbarOpened, desktop: menuHidden },
          }}
          padding="md"
        >
          <AppShell.Header>
            <Group h="100%" px="md" justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Burger
                  opened={menuShown}
                  onClick={() => (narrow ? navbar.toggle() : setMenuHidden(!menuHidden))}
                  size="sm"
                  // A finger-sized target on a tablet (44 × 44 px).
                  miw={44}
                  mih={44}
                  aria-label="Menü"
                  aria-expanded={menuShown}
                  aria-controls={NAVBAR_ID}
                />
                {/* Named by what it shows, then where it leads (WCAG 2.5.3). */}
                <Link
                  to={HOME_AFTER_SIGN_IN}
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
