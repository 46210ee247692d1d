import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A failed save, shown inside the form that stays open; `title` carries a screen's own alert text. */
export function FormError({ title, message }: { title?: string; message: string | undefined | null }) {
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
