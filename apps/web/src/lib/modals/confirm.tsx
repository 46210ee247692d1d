import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

type ConfirmOptions = {
  title: string;
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for actions that destroy or replace something. */
  danger?: boolean;
};

/** Asks before a destructive action; resolves true only when the user confirms. */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title: options.title,
      children:
        typeof options.message === 'string' ? <Text fz="sm">{options.message}</Text> : options.message,
      labels: { confirm: options.confirmLabel ?? 'Onayla', cancel: options.cancelLabel ?? 'Vazgeç' },
      confirmProps: { color: options.danger ? 'red' : undefined },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
