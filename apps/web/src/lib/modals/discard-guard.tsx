import { type RefObject, useEffect } from 'react';
import { useBlocker } from 'react-router';
import { isWaitingForSignIn } from '../../api/client.ts';
import { confirmAction } from './confirm.tsx';

/** The open modals the user has typed into: Back would throw their input away. */
const typedModals = new Set<object>();

/**
 * Marks the modal around `ref` as holding typed input from the first keystroke or change inside it
 * until it closes. Every form modal's footer (ModalFooter) calls it, so no form has to.
 */
export function useTypedInputGuard(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const modal = ref.current?.closest('[role="dialog"]') ?? ref.current?.closest('form');
    if (!modal) return;
    const token = {};
    const typed = () => typedModals.add(token);
    modal.addEventListener('input', typed);
    modal.addEventListener('change', typed);
    return () => {
      modal.removeEventListener('input', typed);
      modal.removeEventListener('change', typed);
      typedModals.delete(token);
    };
  }, [ref]);
}

/**
 * Asks before browser Back (or Forward) discards what was typed into an open modal, and lets the
 * browser ask before a reload or a closed tab does; while the password is asked again over the
 * screen, Back does nothing. Rendered once, in the page shell.
 */
export function DiscardGuard() {
  const blocker = useBlocker(
    ({ historyAction }) => historyAction === 'POP' && (typedModals.size > 0 || isWaitingForSignIn()),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // The password is being asked over the screen, whose request waits for it: Back waits too.
    if (isWaitingForSignIn()) {
      blocker.reset();
      return;
    }
    let active = true;
    void confirmAction({
      title: 'Girilen bilgiler kaydedilmedi',
      message: 'Açık formdaki bilgiler kaydedilmedi. Sayfadan ayrılırsanız bu bilgiler silinecek.',
      confirmLabel: 'Bilgileri Sil ve Ayrıl',
      cancelLabel: 'Formda Kal',
      danger: true,
    }).then((leave) => {
      if (!active) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker]);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (typedModals.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, []);

  return null;
}
