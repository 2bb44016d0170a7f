import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/content/preview: the editor's preview, rendered (Markdown) and sanitised by the server exactly
 * like a save, so the browser only ever shows server-sanitised HTML.
 */
export async function previewContent(
  content: string,
  isMarkdown: boolean,
  signal?: AbortSignal,
): Promise<string> {
  const answer = await apiRequest<{ content: string }>('/content/preview', {
    method: 'POST',
    body: { content, isMarkdown },
    signal,
  });
  return answer.content;
}

export function useContentPreview(content: string, isMarkdown: boolean, enabled: boolean) {
  return useQuery({
    queryKey: ['content', 'preview', isMarkdown, content] as const,
    queryFn: ({ signal }) => previewContent(content, isMarkdown, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}
