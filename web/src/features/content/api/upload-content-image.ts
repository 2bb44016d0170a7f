import { CONTENT_IMAGE_FOLDER } from '@clinic/contract/constants';
import { titleSlug } from '@clinic/contract/content-rules';
import { uploadImage } from '../../../lib/upload-image';

/**
 * POST /api/images/upload into the 'content' folder, the file name prefixed with the title's slug (spec §2
 * Content Creator). Answers the image's URL for the page.
 */
export async function uploadContentImage(title: string, file: File): Promise<string> {
  const slug = titleSlug(title);
  const filename = slug ? `${slug}-${file.name}` : file.name;
  const stored = await uploadImage({ file, directory: CONTENT_IMAGE_FOLDER, filename });
  return `/images/${CONTENT_IMAGE_FOLDER}/${encodeURIComponent(stored)}`;
}
