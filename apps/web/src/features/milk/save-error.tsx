import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A failed save, shown inside the modal that stays open (spec §4); `title` is the spec's alert text. */
export function SaveError({ title, message }: { title?: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={title}
      role="alert"
      data-testid="form-error"
    >
      {message}
    </Alert>
  );
}
