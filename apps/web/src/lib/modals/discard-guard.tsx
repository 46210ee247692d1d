import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { isWaitingForSignIn } from '../../api/client.ts';
import { confirmAction } from './confirm.tsx';

/** The open form modals the user has typed into (FormModal adds and removes its own token). */
const typedModals = new Set<object>();

/** While `token`'s modal holds typed input, Back and a closing tab ask first. */
export function markTyped(token: object, typed: boolean): void {
  if (typed) typedModals.add(token);
  else typedModals.delete(token);
}

/** The question before typed input is thrown away, by Back or by closing the form. */
export function confirmDiscard(leaving: 'page' | 'form'): Promise<boolean> {
  return confirmAction({
    title: 'Değişiklikler kaydedilmedi',
    message:
      leaving === 'page'
        ? 'Açık formdaki bilgiler kaydedilmedi. Sayfadan ayrılırsanız bu bilgiler silinecek.'
        : 'Formdaki bilgiler kaydedilmedi. Formu kapatırsanız bu bilgiler silinecek.',
    confirmLabel: leaving === 'page' ? 'Bilgileri Sil ve Ayrıl' : 'Bilgileri Sil ve Kapat',
    cancelLabel: 'Formda Kal',
    danger: true,
  });
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
    void confirmDiscard('page').then((leave) => {
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
