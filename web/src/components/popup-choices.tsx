import type { ReactNode } from 'react';
import styles from './popup-choices.module.css';

/** The choices of a popup window (office search, insurance record selector): one button a choice. */
export function PopupChoices({ children }: { children: ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}

interface PopupChoiceProps {
  /** What the choice is (an office's name, an insurance). */
  title: ReactNode;
  /** Smaller text under the title (an address; a subscriber and an id). */
  children?: ReactNode;
  onChoose: () => void;
}

export function PopupChoice({ title, children, onChoose }: PopupChoiceProps) {
  return (
    <li>
      <button type="button" className={styles.choice} onClick={onChoose}>
        <span className={styles.title}>{title}</span>
        {children ? <span className={styles.details}>{children}</span> : null}
      </button>
    </li>
  );
}
