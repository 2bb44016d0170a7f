import { DEFAULT_IMAGE } from '@clinic/contract/constants';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { FallbackImage } from '../../../components/fallback-image';
import styles from './content-image-grid.module.css';

interface ContentImageGridProps {
  images: readonly string[];
  onDeleteSelected: (urls: string[]) => void;
  busy?: boolean;
}

function fileName(url: string): string {
  const last = url.split('/').pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** The page's uploaded images, each with a checkbox, and Delete Selected Images (spec §2 Content Creator). */
export function ContentImageGrid({ images, onDeleteSelected, busy = false }: ContentImageGridProps) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const chosen = images.filter((url) => selected.has(url));

  if (images.length === 0) return <p className={styles.empty}>No images yet.</p>;

  const toggle = (url: string, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(url);
    else next.delete(url);
    setSelected(next);
  };

  return (
    <div className={styles.wrapper}>
      <ul className={styles.grid}>
        {images.map((url) => (
          <li key={url} className={styles.item}>
            <label className={styles.label}>
              <FallbackImage
                src={url}
                fallback={DEFAULT_IMAGE}
                alt=""
                width={160}
                height={107}
                loading="lazy"
              />
              <span className={styles.caption}>
                <input
                  type="checkbox"
                  checked={selected.has(url)}
                  onChange={(event) => toggle(url, event.currentTarget.checked)}
                />
                <span className={styles.name}>{fileName(url)}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        disabled={busy || chosen.length === 0}
        onClick={() => {
          onDeleteSelected(chosen);
          setSelected(new Set());
        }}
      >
        Delete Selected Images{chosen.length > 0 ? ` (${chosen.length})` : ''}
      </Button>
    </div>
  );
}
