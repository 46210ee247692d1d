import { FormActions } from './form-actions.tsx';
import { FormError } from './form-error.tsx';
import type { LoadLatest } from './stale-record.tsx';

type Props = {
  /** Why the last save failed, if it did; `errorTitle` heads it. */
  error: string | undefined;
  errorTitle?: string;
  submitting: boolean;
  onCancel: () => void;
  /** An edit form's reload, offered when the save was refused because the record changed meanwhile. */
  latest?: LoadLatest;
};

/** The end of a record form: its failed save, then 'İptal' and 'Kaydet' (reading 'Kaydediliyor...' while saving). */
export function SaveFooter({ error, errorTitle, submitting, onCancel, latest }: Props) {
  return (
    <>
      <FormError title={errorTitle} message={error} latest={latest} />
      <FormActions submitting={submitting} onCancel={onCancel} submittingLabel="Kaydediliyor..." />
    </>
  );
}
