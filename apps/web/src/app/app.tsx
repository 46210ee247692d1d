import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setUnauthorizedHandler } from '../api/client.ts';
import { createQueryClient } from '../api/query.ts';
import { SIGN_IN_ALIASES, SIGN_IN_PATH } from './paths.ts';
import { createRouter } from './router.tsx';
import { theme } from './theme.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const created = createRouter();
    setUnauthorizedHandler(() => {
      const here = created.state.location.pathname;
      if ((SIGN_IN_ALIASES as readonly string[]).includes(here)) return;
      void created.navigate(SIGN_IN_PATH, { replace: true, state: { reason: 'signed-out' } });
    });
    return created;
  });

  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
