import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons under the content (Save, Cancel, ...). */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large' | 'full';
  /** Text of the close button, read by screen readers (default 'Close'). */
  closeLabel?: string;
  className?: string;
}

/**
 * An accessible dialog on the native <dialog> element: showModal() traps focus and makes the page behind
 * inert, Escape closes, focus returns to whatever opened it, and a click on the backdrop closes it.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = 'medium',
  closeLabel = 'Close',
  className,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus?.();
      };
    }
    return undefined;
  }, [open]);

  if (!open) return null;

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog's cancel event.
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={[styles.dialog, styles[size], className ?? ''].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            onClick={() => onCloseRef.current()}
            aria-label={closeLabel}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div className={styles.body}>{children}</div>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </dialog>
  );
}
