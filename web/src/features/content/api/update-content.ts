import type { ContentItem } from '@clinic/contract/content';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contentKeys } from './content-keys';
import type { ContentDraft } from './save-content';

/** PUT /api/content/updateContent/{id}. */
export function updateContent(id: number, draft: ContentDraft): Promise<ContentItem> {
  return apiRequest<ContentItem>(`/content/updateContent/${id}`, { method: 'PUT', body: draft });
}

export function useUpdateContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: number; draft: ContentDraft }) => updateContent(id, draft),
    onSuccess: (saved) => {
      queryClient.setQueryData(contentKeys.item(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}
