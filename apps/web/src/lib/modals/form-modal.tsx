import { Button, type ButtonProps, Modal, type ModalProps } from '@mantine/core';
import { createContext, useContext, useEffect, useRef, useState } from 'react';
import { confirmDiscard, markTyped } from './discard-guard.tsx';

/** Closes the form it is called in, asking first when it holds typed input. */
type CloseForm = (close: () => void) => void;

const CloseFormContext = createContext<CloseForm>((close) => close());

/** The open form modals in the order they opened: only the top one answers Esc. */
const openForms: object[] = [];
/** The question is on screen (or was answered by the keystroke still being handled). */
let asking = false;

/**
 * A modal holding a form: from the first keystroke or change inside it, Esc, a tap on the backdrop,
 * the × and the form's İptal ask 'Değişiklikler kaydedilmedi' before they throw the input away, and so
 * does browser Back (DiscardGuard). Untouched, it closes at once. A save closes it through its own
 * `onClose`, without asking.
 */
export function FormModal({ opened, onClose, children, ...props }: ModalProps) {
  const [token] = useState(() => ({}));
  const typed = useRef(false);

  useEffect(() => {
    if (!opened) return;
    openForms.push(token);
    return () => {
      openForms.splice(openForms.indexOf(token), 1);
      typed.current = false;
      markTyped(token, false);
    };
  }, [opened, token]);

  const setTyped = (value: boolean) => {
    typed.current = value;
    markTyped(token, value);
  };

  const closeForm: CloseForm = (close) => {
    if (!typed.current) {
      close();
      return;
    }
    if (asking) return;
    asking = true;
    // Asked once the keystroke that asks is handled: every open modal listens for Esc on the window,
    // and a question already on screen while the same Esc goes on being dispatched would take it too
    // and close at once.
    setTimeout(() => {
      void confirmDiscard('form').then((discard) => {
        // Esc answers the question and reaches this modal's own Esc handler in the same keystroke.
        setTimeout(() => {
          asking = false;
        });
        if (!discard) return;
        // A cancel that only leaves editing (Ürün Detayı) keeps the modal open, with nothing typed.
        setTyped(false);
        close();
      });
    });
  };

  const noteTyped = () => {
    if (!typed.current) setTyped(true);
  };

  return (
    <Modal
      opened={opened}
      // Mantine closes every open modal on one Esc; a form under another one stays.
      onClose={() => {
        if (openForms.at(-1) === token) closeForm(onClose);
      }}
      // Events from inside the modal (and modals opened from it) bubble here through React.
      onInput={noteTyped}
      onChange={noteTyped}
      {...props}
    >
      <CloseFormContext.Provider value={closeForm}>{children}</CloseFormContext.Provider>
    </Modal>
  );
}

/** The İptal of a form: outside a FormModal it just calls `onClick`. */
export function CancelButton({ onClick, ...props }: ButtonProps & { onClick: () => void }) {
  const closeForm = useContext(CloseFormContext);
  return (
    <Button variant="default" {...props} onClick={() => closeForm(onClick)}>
      İptal
    </Button>
  );
}
