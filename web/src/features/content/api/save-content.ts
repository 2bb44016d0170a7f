import type { ContentItem } from '@clinic/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './content-keys';

/** What the editor sends (spec §3): the font size as fontSize; content is HTML or, with isMarkdown, Markdown. */
export interface ContentDraft {
  title: string;
  content: string;
  fontSize: number;
  category: string;
  extraData: string;
  /** Comma-separated image URLs. */
  images: string;
  isMarkdown: boolean;
}

/** POST /api/content/saveContent. */
export function saveContent(draft: ContentDraft): Promise<ContentItem> {
  return apiRequest<ContentItem>('/content/saveContent', { method: 'POST', body: draft });
}

/** Saving changes the menus, the lists and the page: everything of the feature is refetched. */
export function useSaveContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContent,
    onSuccess: (saved) => {
      queryClient.setQueryData(contentKeys.item(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
