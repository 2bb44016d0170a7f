import { type ReactNode, useId } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface FormDialogProps {
  title: string;
  onClose: () => void;
  /** Called on Save or Enter; the browser's own validation is off (the form shows its own errors). */
  onSubmit: () => void;
  submitLabel?: string;
  /** Disables Save while the form is being sent. */
  busy?: boolean;
  children: ReactNode;
}

/** An edit form in a dialog: the fields, then Cancel and Save in the dialog's footer. */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitLabel = 'Save',
  busy = false,
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
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
