import { CONTENT_IMAGE_FOLDER } from '@clinic/contract/constants';
import { deleteImage } from '../../../lib/delete-image';

/** DELETE /api/images/newdir/content/{file} for an image URL of the content folder; other URLs are left alone. */
export async function deleteContentImage(url: string): Promise<void> {
  const prefix = `/images/${CONTENT_IMAGE_FOLDER}/`;
  if (!url.startsWith(prefix)) return;
  await deleteImage(CONTENT_IMAGE_FOLDER, decodeURIComponent(url.slice(prefix.length)));
}
