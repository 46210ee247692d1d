import { Alert } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** A screen the contract lists but whose page is not in the screen registry yet. */
export function ScreenNotReady({ label }: { label: string }) {
  return (
    <Alert color="gray" variant="light" icon={<IconTools size={18} />} title={label} maw={720}>
      Bu ekran henüz hazır değil.
    </Alert>
  );
}
