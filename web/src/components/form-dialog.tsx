import { type ReactNode, useId } from 'react';
import { Button } from './button';
import { Form } from './form-card';
import { Modal } from './modal';

interface FormDialogProps {
  title: string;
  onClose: () => void;
  /** Called on Save or Enter; the browser's own validation is off (the form shows its own errors). */
  onSubmit: () => void;
  submitLabel?: string;
  /** Disables Save while the form is being sent. */
  busy?: boolean;
  /** The server's refusal of the last Save, at the top of the form's error summary. */
  error?: ReactNode;
  children: ReactNode;
}

/** An edit form in a dialog: the fields (with the form's error summary), then Cancel and Save in the footer. */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitLabel = 'Save',
  busy = false,
  error,
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      size="medium"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <Form id={formId} onSubmit={() => onSubmit()} error={error}>
        {children}
      </Form>
    </Modal>
  );
}
