export interface PageOf<T> {
  /** The items of the page shown. */
  items: T[];
  /** 1-based, clamped into 1..pageCount (a filter that shrinks the list never leaves an empty page). */
  page: number;
  /** At least 1, also for an empty list. */
  pageCount: number;
  /** 1-based positions of the first and last item shown; 0 and 0 for an empty list. */
  first: number;
  last: number;
  total: number;
}

/** One page of a list, for screens that page on the client (the directories' fixed page sizes). */
export function paginate<T>(all: readonly T[], page: number, pageSize: number): PageOf<T> {
  const size = Math.max(1, Math.floor(pageSize));
  const pageCount = Math.max(1, Math.ceil(all.length / size));
  const current = Math.min(Math.max(1, Math.floor(Number.isFinite(page) ? page : 1)), pageCount);
  const start = (current - 1) * size;
  const items = all.slice(start, start + size);
  return {
    items,
    page: current,
    pageCount,
    first: items.length ? start + 1 : 0,
    last: start + items.length,
    total: all.length,
  };
}
