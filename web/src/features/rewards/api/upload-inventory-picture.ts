import { apiRequest } from '../../../lib/api-client';
import { imageFileProblem } from '../../../lib/upload-image';

/** The stored name in an upload's answer: the name as text, the updated item, or the item's picture list. */
function storedNameOf(answer: unknown): string | null {
  if (typeof answer === 'string') return answer.trim() || null;
  if (Array.isArray(answer)) return storedNameOf(answer.at(-1));
  if (typeof answer === 'object' && answer !== null && 'picture' in answer) {
    return storedNameOf((answer as { picture: unknown }).picture);
  }
  return null;
}

/**
 * POST /inventory/{id}/pictures (ADMIN, MANAGER): the item's picture, multipart as every image upload
 * (field `file`, optional `filename`); stored in the 'inventory' folder. Answers the stored file name.
 */
export async function uploadInventoryPicture(inventoryId: number, file: File): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const form = new FormData();
  form.append('filename', file.name);
  form.append('file', file, file.name);
  const answer = await apiRequest<unknown>(`/inventory/${inventoryId}/pictures`, {
    method: 'POST',
    body: form,
  });
  const stored = storedNameOf(answer);
  if (!stored) throw new Error('The server did not name the stored image.');
  return stored;
}
