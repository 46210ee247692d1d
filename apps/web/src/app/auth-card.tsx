import { Box, Center, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo.tsx';

/** The centred card of the pages outside the shell (sign-in, sign-out, not found): their `<main>`. */
export function AuthCard({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <Center
      component="main"
      mih="100vh"
      p="md"
      style={{
        background:
          'radial-gradient(ellipse at 50% 0%, var(--mantine-color-mandira-1), transparent 60%), var(--mantine-color-gray-0)',
      }}
    >
      <Box w="100%" maw={420}>
        <Paper withBorder shadow="sm" radius="lg" p={32}>
          <Center mb="lg">
            <Logo size={40} />
          </Center>
          {children}
        </Paper>
        {footer}
      </Box>
    </Center>
  );
}
