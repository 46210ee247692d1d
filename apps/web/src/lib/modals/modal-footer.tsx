import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './modal-footer.module.css';

/**
 * The buttons of a modal, right-aligned in a bar that stays at the bottom of the screen while a tall
 * modal scrolls (a form at 768 px high keeps its save button in view). Place it last in the modal.
 */
export function ModalFooter({ children }: { children: ReactNode }) {
  return (
    <Group justify="flex-end" gap="sm" className={classes.footer} data-testid="modal-footer">
      {children}
    </Group>
  );
}
