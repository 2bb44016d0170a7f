import type { ContentItem } from '@clinic/contract/content';
import { MSG } from '@clinic/contract/messages';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useContentList } from '../api/list-content';
import { useContentSearch } from '../api/search-content';
import styles from './content-list.module.css';

interface ContentListProps {
  /** The page open in the editor, marked in the list. */
  currentId: number | null;
  onOpen: (item: ContentItem) => void;
  onDelete: (item: ContentItem) => void;
}

/** The pages that exist, narrowed by title, each to open in the editor or delete. */
export function ContentList({ currentId, onOpen, onDelete }: ContentListProps) {
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const words = filter.trim();
  const all = useContentList(words === '');
  const found = useContentSearch(words);
  const list = words === '' ? all : found;

  return (
    <section className={styles.section} aria-labelledby="content-list-title">
      <h2 id="content-list-title">Existing pages</h2>
      <div className={styles.filter}>
        <label htmlFor={filterId}>Find by title</label>
        <input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          className={styles.input}
        />
      </div>
      {list.isPending ? (
        <p className={styles.muted}>Loading pages…</p>
      ) : list.isError ? (
        <StatusMessage tone="error">
          {`${words === '' ? MSG.failedToListContent : MSG.failedToSearchContent}: ${errorMessage(list.error)}`}
        </StatusMessage>
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>No pages found.</p>
      ) : (
        <ul className={styles.list}>
          {list.data.map((item) => (
            <li
              key={item.id}
              className={styles.row}
              aria-current={item.id === currentId ? 'true' : undefined}
            >
              <div className={styles.info}>
                <Link to={`/content/${item.id}`} className={styles.title}>
                  {item.title}
                </Link>
                <span className={styles.muted}>
                  {[item.extraData, item.category].filter(Boolean).join(' › ') || 'No menu'}
                  {item.isMarkdown ? ' · Markdown' : ''}
                </span>
              </div>
              <div className={styles.actions}>
                <Button variant="secondary" onClick={() => onOpen(item)} aria-label={`Edit ${item.title}`}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => onDelete(item)}
                  aria-label={`Delete ${item.title}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
