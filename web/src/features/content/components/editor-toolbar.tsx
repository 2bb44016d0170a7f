import type { TextFormat } from '../lib/markdown-format';
import styles from './editor-toolbar.module.css';

const BUTTONS: readonly { format: TextFormat; label: string; text: string; className?: string }[] = [
  { format: 'bold', label: 'Bold', text: 'B', className: styles.bold },
  { format: 'italic', label: 'Italic', text: 'I', className: styles.italic },
  { format: 'underline', label: 'Underline', text: 'U', className: styles.underline },
  { format: 'h1', label: 'H1 heading', text: 'H1' },
  { format: 'h2', label: 'H2 heading', text: 'H2' },
  { format: 'h3', label: 'H3 heading', text: 'H3' },
];

interface EditorToolbarProps {
  onFormat: (format: TextFormat) => void;
  /** The id of the text area the buttons act on. */
  controls: string;
  disabled?: boolean;
}

/** Bold, italic, underline and headings 1 to 3 (spec §2 Content Creator), for the rich text or the Markdown. */
export function EditorToolbar({ onFormat, controls, disabled }: EditorToolbarProps) {
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Formatting" aria-controls={controls}>
      {BUTTONS.map((button) => (
        <button
          key={button.format}
          type="button"
          className={[styles.button, button.className ?? ''].filter(Boolean).join(' ')}
          aria-label={button.label}
          title={button.label}
          disabled={disabled}
          // Keep the text's selection: the button acts on it without taking focus.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onFormat(button.format)}
        >
          {button.text}
        </button>
      ))}
    </div>
  );
}
