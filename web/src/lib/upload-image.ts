import {
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_MEGABYTES,
  type ImageDirectory,
} from '@clinic/contract/images';
import { apiRequest } from './api-client';

export interface ImageUploadInput {
  file: File;
  directory: ImageDirectory;
  /** The name to store it under; the server sanitises it and answers the name it used. */
  filename: string;
}

/** Why a file cannot be uploaded, checked before sending (the server checks again, by content); null if fine. */
export function imageFileProblem(file: File): string | null {
  if (file.size > IMAGE_MAX_BYTES) return `The image is larger than ${IMAGE_MAX_MEGABYTES} MB.`;
  const subtype = file.type.startsWith('image/') ? file.type.slice(6) : '';
  if (file.type && !(IMAGE_FORMATS as readonly string[]).includes(subtype)) {
    return 'Only PNG, JPEG, WebP and GIF images are accepted.';
  }
  return null;
}

/** POST /images/upload (multipart: file, filename, directory); answers the stored file name. */
export async function uploadImage({ file, directory, filename }: ImageUploadInput): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) throw new Error(problem);
  const form = new FormData();
  form.append('directory', directory);
  form.append('filename', filename);
  form.append('file', file, file.name);
  const stored = await apiRequest<unknown>('/images/upload', { method: 'POST', body: form });
  if (typeof stored !== 'string' || stored.trim() === '')
    throw new Error('The server did not name the stored image.');
  return stored.trim();
}
