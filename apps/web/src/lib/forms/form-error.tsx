import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isStaleMessage, type LoadLatest, StaleRecordNotice } from './stale-record.tsx';

type Props = {
  title?: string;
  message: string | undefined | null;
  /** An edit form's reload, offered when the save was refused because the record changed meanwhile. */
  latest?: LoadLatest;
};

/** A failed save, shown inside the form that stays open; `title` carries a screen's own alert text. */
export function FormError({ title, message, latest }: Props) {
  if (!message) return null;
  if (latest && isStaleMessage(message)) return <StaleRecordNotice message={message} {...latest} />;
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
