import styles from './pagination.module.css';

interface PaginationProps {
  /** 1-based current page. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. 'Patients pages'. */
  label: string;
  /** Show numbered page buttons between Prev and Next (default true). */
  showPages?: boolean;
}

/** The page numbers to show: all when few, otherwise the ends and a window around the current page. */
export function pageWindow(page: number, pageCount: number, span = 1): (number | 'gap')[] {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set([1, pageCount]);
  for (let p = page - span; p <= page + span; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** Prev, page buttons and Next. Renders nothing when everything fits on one page. */
export function Pagination({ page, pageCount, onPageChange, label, showPages = true }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={label}>
      <button
        type="button"
        className={styles.button}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        Prev
      </button>
      {showPages ? (
        <ul className={styles.pages}>
          {pageWindow(page, pageCount).map((p, i) =>
            p === 'gap' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own.
              <li key={`gap-${i}`} className={styles.gap} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  className={[styles.button, p === page ? styles.current : ''].filter(Boolean).join(' ')}
                  aria-current={p === page ? 'page' : undefined}
                  aria-label={`Page ${p}`}
                  onClick={() => onPageChange(p)}
                >
                  {p}
                </button>
              </li>
            ),
          )}
        </ul>
      ) : (
        <span className={styles.status}>
          Page {page} of {pageCount}
        </span>
      )}
      <button
        type="button"
        className={styles.button}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount}
      >
        Next
      </button>
    </nav>
  );
}
