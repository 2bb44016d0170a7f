import { type CSSProperties, type ReactNode, useId } from 'react';
import styles from './accordion.module.css';

export interface AccordionItem {
  key: string;
  title: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  items: readonly AccordionItem[];
  /** The heading level of each item's summary; 3 under a section's h2. */
  headingLevel?: 2 | 3 | 4;
  /** The tallest an open panel grows before it scrolls, in px. */
  maxPanelHeight?: number;
  className?: string;
}

/**
 * An accordion with at most one item open: native disclosure elements (`<details>` sharing one `name`, so the
 * browser closes the open one when another opens). It works before the page's script has loaded, which on the
 * prerendered home page a visitor on a slow phone meets first (issue 12), and from the keyboard (Enter or Space
 * on a summary); the browser tells assistive technology whether each is expanded. React leaves the open state to
 * the browser, so hydrating never undoes a click made before it.
 */
export function Accordion({ items, headingLevel = 3, maxPanelHeight, className }: AccordionProps) {
  const group = useId();
  const Heading = `h${headingLevel}` as const;
  const panelStyle = maxPanelHeight
    ? ({ '--accordion-max-height': `${maxPanelHeight}px` } as CSSProperties)
    : undefined;

  return (
    <div className={[styles.accordion, className ?? ''].filter(Boolean).join(' ')} style={panelStyle}>
      {items.map((item) => (
        <details key={item.key} name={group} className={styles.item}>
          <summary className={styles.summary}>
            <Heading className={styles.heading}>{item.title}</Heading>
            <svg
              className={styles.icon}
              viewBox="0 0 16 16"
              width="16"
              height="16"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </summary>
          <div className={styles.panel}>{item.content}</div>
        </details>
      ))}
    </div>
  );
}
