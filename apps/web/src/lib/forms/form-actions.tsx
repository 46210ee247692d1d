import { Button } from '@mantine/core';
import { ModalFooter } from '../modals/modal-footer.tsx';

type FormActionsProps = {
  submitting: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  submitLabel?: string;
  /** When given, the busy submit button reads this text instead of showing a spinner. */
  submittingLabel?: string;
};

/**
 * Cancel and submit of every form, in the modal's footer that stays in view: while saving, neither can
 * be pressed again.
 */
export function FormActions(props: FormActionsProps) {
  const { submitting, submittingLabel } = props;
  return (
    <ModalFooter>
      <Button variant="default" onClick={props.onCancel} disabled={submitting}>
        {props.cancelLabel ?? 'Vazgeç'}
      </Button>
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
