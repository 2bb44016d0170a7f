import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmDialogProps {
  /** Whether the question is shown. */
  open: boolean;
  title: string;
  children: ReactNode;
  /** The confirming button's text, e.g. 'Delete'. */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  /** The button that keeps things as they are ('Cancel'; 'Keep visit' where the action itself cancels). */
  dismissLabel?: string;
}

/**
 * Asks before an action that cannot be undone (deleting a record): Cancel, Escape or a click outside keep
 * things as they are; only the confirming button goes ahead.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
  busy = false,
  dismissLabel = 'Cancel',
}: ConfirmDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title={title}
      size="small"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {dismissLabel}
          </Button>
          <Button variant="accent" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
