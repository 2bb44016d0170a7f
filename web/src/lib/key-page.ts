import { useInfiniteQuery } from '@tanstack/react-query';
import { apiExchange, type RequestOptions } from './api-client';

/** One page of a list the server pages by key (newest first), and the key to ask for the next one with. */
export interface KeyPage<T> {
  items: T[];
  nextBefore: number | null;
}

/**
 * The `before` of a `Link: <…?before=N&limit=M>; rel="next"` header, or null on the last page. The key is
 * read rather than the whole address followed, so the caller's own filters (available=true) stay on.
 */
export function nextBeforeOf(link: string | null): number | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]*)>\s*;.*\brel="?next"?/i.exec(part);
    if (!match?.[1]) continue;
    const before = new URL(match[1], 'http://localhost').searchParams.get('before');
    if (before && /^\d+$/.test(before)) return Number(before);
  }
  return null;
}

export async function fetchKeyPage<T>(
  path: string,
  query: RequestOptions['query'],
  signal?: AbortSignal,
): Promise<KeyPage<T>> {
  const { body, headers } = await apiExchange<T[]>(path, { query, signal });
  return { items: Array.isArray(body) ? body : [], nextBefore: nextBeforeOf(headers.get('Link')) };
}

/**
 * A key-paged list as one growing list: the first page at once, the next ones on `loadMore()` (a "Show
 * more" button), each asked for with `before` set to the previous page's last key.
 */
export function useKeyPagedList<T>(options: {
  queryKey: readonly unknown[];
  path: string;
  query?: RequestOptions['query'];
  enabled?: boolean;
}) {
  const { queryKey, path, query, enabled = true } = options;
  const list = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchKeyPage<T>(path, { ...query, before: pageParam }, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last: KeyPage<T>) => last.nextBefore ?? undefined,
    enabled,
  });
  return {
    ...list,
    items: list.data?.pages.flatMap((page) => page.items) ?? [],
    loadMore: () => void list.fetchNextPage(),
  };
}
