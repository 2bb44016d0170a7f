import type { ImageDirectory } from '@clinic/contract/images';
import { apiRequest } from './api-client';

/** DELETE /images/newdir/{directory}/{file} (ADMIN, MANAGER): removes a stored image; answers text. */
export async function deleteImage(directory: ImageDirectory, file: string): Promise<void> {
  await apiRequest<unknown>(`/images/newdir/${encodeURIComponent(directory)}/${encodeURIComponent(file)}`, {
    method: 'DELETE',
  });
}
