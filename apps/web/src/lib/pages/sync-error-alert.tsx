import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/**
 * A failed ERP sync, inline above the list (decision 14: never a browser alert): the screen's own
 * title and the server's reason under it; the user closes it.
 */
export function SyncErrorAlert({
  title,
  message,
  onClose,
}: {
  title: string;
  message: string | undefined;
  onClose: () => void;
}) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={18} />}
      title={title}
      withCloseButton
      closeButtonLabel="Kapat"
      onClose={onClose}
      data-testid="sync-error"
      role="alert"
    >
      {message}
    </Alert>
  );
}
