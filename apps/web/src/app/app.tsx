import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../api/client.ts';
import { createQueryClient } from '../api/query.ts';
import { SIGN_IN_ALIASES, SIGN_IN_PATH } from './paths.ts';
import { createRouter } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';
import type { SignInState } from './use-page-access.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createRouter();
    setUnauthorizedHandler(() => {
      const { pathname, search } = created.state.location;
      if ((SIGN_IN_ALIASES as readonly string[]).includes(pathname)) return;
      // Signing in again leads back here (decision 101).
      const state: SignInState = { reason: 'signed-out', from: `${pathname}${search}` };
      void created.navigate(SIGN_IN_PATH, { replace: true, state });
    });
    return created;
  });

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
