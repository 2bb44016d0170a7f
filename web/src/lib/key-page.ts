import { useInfiniteQuery } from '@tanstack/react-query';
import { apiResponse, type RequestOptions } from './api-client';

/**
 * One page of a list the server pages by key (docs/architecture.md, Lists): the items, the total that
 * `X-Total-Count` gives, and the opaque value that asks for the next page, taken from the
 * `Link: <…>; rel="next"` header (null on the last page).
 */
export interface KeyPage<T> {
  items: T[];
  /** Null when the server sent no count. */
  total: number | null;
  nextCursor: string | null;
}

/**
 * The value of `param` in the URL of a `Link` header's rel="next" entry. The page's own request is built
 * again with it (and the current filters) rather than following the URL, so the filters stay the client's.
 */
export function nextPageParam(link: string | null, param: string): string | null {
  if (!link) return null;
  for (const entry of link.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(entry);
    if (!match || !/\brel="?next"?/.test(match[2] ?? '')) continue;
    const value = new URL(match[1] ?? '', 'http://link.invalid').searchParams.get(param);
    return value || null;
  }
  return null;
}

function totalCount(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

/** GETs one page of a key-paged list; `cursorParam` names the query parameter of the next page's key. */
export async function getKeyPage<T>(
  path: string,
  options: RequestOptions & { cursorParam: string },
): Promise<KeyPage<T>> {
  const { cursorParam, ...request } = options;
  const { body, headers } = await apiResponse<T[]>(path, request);
  return {
    items: Array.isArray(body) ? body : [],
    total: totalCount(headers.get('X-Total-Count')),
    nextCursor: nextPageParam(headers.get('Link'), cursorParam),
  };
}

/**
 * Every page of a list whose whole is small by nature (one patient's visits, one office's day), one bounded
 * request after another, following each answer's `Link` (the server never sends an unbounded answer). Stops
 * after `maxPages` as a safeguard, keeping what it has.
 */
export async function getAllKeyPages<T>(
  path: string,
  options: RequestOptions & { cursorParam: string; pageSize: number; maxPages?: number },
): Promise<T[]> {
  const { cursorParam, pageSize, maxPages = 20, query, ...request } = options;
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const next: KeyPage<T> = await getKeyPage<T>(path, {
      ...request,
      query: { ...query, limit: pageSize, ...(cursor === null ? {} : { [cursorParam]: cursor }) },
      cursorParam,
    });
    items.push(...next.items);
    cursor = next.nextCursor;
    if (cursor === null) break;
  }
  return items;
}

/**
 * A key-paged list as one growing list: the first page at once, the next ones on `loadMore()` (a "Show
 * more" button), each asked for with `cursorParam` (`before` unless said) set to the key the previous
 * page's Link header gave.
 */
export function useKeyPagedList<T>(options: {
  queryKey: readonly unknown[];
  path: string;
  query?: RequestOptions['query'];
  enabled?: boolean;
  cursorParam?: string;
}) {
  const { queryKey, path, query, enabled = true, cursorParam = 'before' } = options;
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      getKeyPage<T>(path, { query: { ...query, [cursorParam]: pageParam }, signal, cursorParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: KeyPage<T>) => last.nextCursor ?? undefined,
    enabled,
  });
  return {
    ...list,
    items: list.data?.pages.flatMap((page) => page.items) ?? [],
    loadMore: () => void list.fetchNextPage(),
  };
}
