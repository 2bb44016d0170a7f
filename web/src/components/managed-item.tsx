import type { ReactNode } from 'react';
import { Button } from './button';
import { FallbackImage } from './fallback-image';
import styles from './managed-item.module.css';

/** How an item's badge and frame look: primary (live), success (live and current), muted (hidden, ended). */
export type ManagedItemTone = 'primary' | 'success' | 'muted';

interface ManagedItemProps {
  title: string;
  /** The thumbnail's address ('' for none) and the default picture shown instead. */
  imageSrc: string;
  imageFallback: string;
  badge: string;
  tone?: ManagedItemTone;
  /** Facts between the badge and the description (price, dates). */
  children?: ReactNode;
  description: string;
  /** Controls beside Edit and Delete (a status field). */
  actions?: ReactNode;
  onEdit: () => void;
  onDelete: () => void;
}

/** A list of records a manager edits and deletes (promotions, reward items). */
export function ManagedList({ children }: { children: ReactNode }) {
  return <ul className={styles.list}>{children}</ul>;
}

/** One record of a ManagedList: thumbnail, title, badge, description, and its Edit and Delete buttons. */
export function ManagedItem({
  title,
  imageSrc,
  imageFallback,
  badge,
  tone = 'primary',
  children,
  description,
  actions,
  onEdit,
  onDelete,
}: ManagedItemProps) {
  return (
    <li className={styles.item} data-tone={tone}>
      <FallbackImage
        className={styles.thumb}
        src={imageSrc}
        fallback={imageFallback}
        alt=""
        width={96}
        height={64}
        loading="lazy"
      />
      <div className={styles.body}>
        <h3 className={styles.title}>{title}</h3>
        <p className={styles.badge}>{badge}</p>
        {children}
        <p className={styles.description}>{description}</p>
        <div className={styles.actions}>
          {actions}
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={onEdit} aria-label={`Edit ${title}`}>
              Edit
            </Button>
            <Button variant="secondary" onClick={onDelete} aria-label={`Delete ${title}`}>
              Delete
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}
