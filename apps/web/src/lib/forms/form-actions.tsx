import { Button } from '@mantine/core';
import { CancelButton } from '../modals/form-modal.tsx';
import { ModalFooter } from '../modals/modal-footer.tsx';

type FormActionsProps = {
  submitting: boolean;
  onCancel: () => void;
  submitLabel?: string;
  /** When given, the busy submit button reads this text instead of showing a spinner. */
  submittingLabel?: string;
};

/**
 * İptal and submit of every form, in the modal's footer that stays in view: while saving, neither can
 * be pressed again. Inside a FormModal, İptal asks before it throws typed input away.
 */
export function FormActions(props: FormActionsProps) {
  const { submitting, submittingLabel } = props;
  return (
    <ModalFooter>
      <CancelButton onClick={props.onCancel} disabled={submitting} />
      {submittingLabel ? (
        <Button type="submit" disabled={submitting} miw={120}>
          {submitting ? submittingLabel : (props.submitLabel ?? 'Kaydet')}
        </Button>
      ) : (
        <Button type="submit" loading={submitting}>
          {props.submitLabel ?? 'Kaydet'}
        </Button>
      )}
    </ModalFooter>
  );
}
