import { FormActions } from './form-actions.tsx';
import { FormError } from './form-error.tsx';

type Props = {
  /** Why the last save failed, if it did; `errorTitle` heads it. */
  error: string | undefined;
  errorTitle?: string;
  submitting: boolean;
  onCancel: () => void;
};

/** The end of a record form: its failed save, then 'İptal' and 'Kaydet' (reading 'Kaydediliyor...' while saving). */
export function SaveFooter({ error, errorTitle, submitting, onCancel }: Props) {
  return (
    <>
      <FormError title={errorTitle} message={error} />
      <FormActions
        submitting={submitting}
        onCancel={onCancel}
        cancelLabel="İptal"
        submittingLabel="Kaydediliyor..."
      />
    </>
  );
}
