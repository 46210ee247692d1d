import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageHeader } from '../lib/pages/page-header.tsx';

/** A screen the contract lists but whose page is not in the screen registry yet. */
export function ScreenNotReady({ label }: { label: string }) {
  return (
    <>
      <PageHeader title={label} />
      <Alert color="gray" variant="light" icon={<IconTools size={18} />} maw={720}>
        Bu ekran henüz hazır değil.
      </Alert>
    </>
  );
}
