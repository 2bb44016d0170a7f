import { type CSSProperties, type ReactNode, useId, useState } from 'react';
import styles from './accordion.module.css';

export interface AccordionItem {
  key: string;
  title: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  items: readonly AccordionItem[];
  /** The heading level of each item's button (WAI-ARIA accordion pattern); 3 under a section's h2. */
  headingLevel?: 2 | 3 | 4;
  /** The tallest an open panel grows before it scrolls, in px. */
  maxPanelHeight?: number;
  className?: string;
}

/**
 * An accordion with at most one item open: opening one closes the other; pressing the open one closes it.
 * Each header is a button with aria-expanded and aria-controls; each open panel is a region named by it.
 */
export function Accordion({ items, headingLevel = 3, maxPanelHeight, className }: AccordionProps) {
  const id = useId();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const Heading = `h${headingLevel}` as const;
  const panelStyle = maxPanelHeight
    ? ({ '--accordion-max-height': `${maxPanelHeight}px` } as CSSProperties)
    : undefined;

  return (
    <div className={[styles.accordion, className ?? ''].filter(Boolean).join(' ')} style={panelStyle}>
      {items.map((item, index) => {
        const open = item.key === openKey;
        const buttonId = `${id}-button-${index}`;
        const panelId = `${id}-panel-${index}`;
        return (
          <div key={item.key} className={styles.item} data-open={open}>
            <Heading className={styles.heading}>
              <button
                id={buttonId}
                type="button"
                className={styles.button}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenKey(open ? null : item.key)}
              >
                <span>{item.title}</span>
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
              </button>
            </Heading>
            <section id={panelId} aria-labelledby={buttonId} className={styles.panel} hidden={!open}>
              {item.content}
            </section>
          </div>
        );
      })}
    </div>
  );
}
