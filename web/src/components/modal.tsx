import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
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
        <ModalBody>{children}</ModalBody>
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </dialog>
  );
}

/**
 * The dialog's content. When it is taller than the dialog and holds nothing to tab to (a long text, a large
 * picture), the scrolling area itself takes focus, so that keyboard users can scroll it too (WCAG 2.1.1).
 */
function ModalBody({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const body = ref.current;
    if (!body) return undefined;
    const measure = () => setScrollable(body.scrollHeight > body.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    for (const child of Array.from(body.children)) observer.observe(child);
    // Pictures change the height once they load.
    body.addEventListener('load', measure, true);
    return () => {
      observer.disconnect();
      body.removeEventListener('load', measure, true);
    };
  });
  return (
    <div ref={ref} className={styles.body} tabIndex={scrollable ? 0 : undefined}>
      {children}
    </div>
  );
}
