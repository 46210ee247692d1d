import type { MenuEntry } from '@mandira/contract/access';
import { FALLBACK_MENU_GROUP, SCREENS } from '@mandira/contract/screens';
import { Alert, NavLink, ScrollArea, Skeleton, Stack } from '@mantine/core';
import { IconFolder } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { errorMessage } from '../lib/forms/error-message.ts';
import { useMenus } from './api.ts';
import { HOME_AFTER_SIGN_IN } from './paths.ts';

type MenuGroup = { name: string; entries: MenuEntry[] };

/** Groups in the order the server lists them; entries without a group go under 'Diğer'. */
function groupEntries(entries: readonly MenuEntry[]): MenuGroup[] {
  const groups = new Map<string, MenuEntry[]>();
  for (const entry of entries) {
    const name = entry.groupName?.trim() || FALLBACK_MENU_GROUP;
    groups.set(name, [...(groups.get(name) ?? []), entry]);
  }
  return [...groups].map(([name, list]) => ({ name, entries: list }));
}

/** The menu links a screen's first path; an alias in the address bar still lights up its entry. */
function menuPathOf(pathname: string): string {
  if (pathname === '/') return HOME_AFTER_SIGN_IN;
  const screen = SCREENS.find((candidate) => (candidate.paths as readonly string[]).includes(pathname));
  return screen?.paths[0] ?? pathname;
}

export function LeftMenu({ onNavigate }: { onNavigate?: () => void }) {
  const menus = useMenus();
  const { pathname } = useLocation();
  const activePath = menuPathOf(pathname);

  if (menus.isPending) {
    return (
      <Stack gap="xs" p="xs" data-testid="menu-loading">
        {[1, 2, 3, 4].map((key) => (
          <Skeleton key={key} height={28} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (menus.isError) {
    return (
      <Alert color="red" variant="light" title="Menü yüklenemedi">
        {errorMessage(menus.error)}
      </Alert>
    );
  }
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <nav aria-label="Ana menü">
        {groupEntries(menus.data).map((group) => (
          <NavLink
            key={group.name}
            label={group.name}
            leftSection={<IconFolder size={16} stroke={1.6} />}
            defaultOpened
            childrenOffset={28}
            fw={600}
            data-testid="menu-group"
          >
            {group.entries.map((entry) => (
              <NavLink
                key={entry.relativePath}
                component={Link}
                to={entry.relativePath}
                label={entry.label}
                active={activePath === entry.relativePath}
                onClick={onNavigate}
                data-testid="menu-entry"
                fw={400}
              />
            ))}
          </NavLink>
        ))}
      </nav>
    </ScrollArea>
  );
}
