import {
  defaultImagePath,
  type ImageDirectory,
  lastPathSegment,
  sanitizeImageName,
} from '@clinic/contract/images';
import { badRequest } from './errors';
import { assertImageExists, type ImageStore, isTraversalAttempt } from './images';

/**
 * The picture a client wants on a record (doctorPicture, insPicture, a code's picture), as it is stored:
 * the file name the upload call answered, reduced like uploaded names (last path segment, sanitised), so a
 * client that sends back '/images/doctor/a.jpg' keeps 'a.jpg'. Blank or null clears the picture (the UI
 * then shows the folder's default image). A new name must be an uploaded image of that folder; the
 * record's current name is accepted as it is, so a record can always be sent back as received, and the
 * folder's default picture (what a client shows for "no picture") means no picture.
 */
export async function attachablePicture(
  store: ImageStore,
  directory: ImageDirectory,
  value: string | null,
  field: string,
  current = '',
): Promise<string> {
  if (value === null || value.trim() === '') return '';
  const name = sanitizeImageName(value);
  if (name === '' || isTraversalAttempt(value)) throw badRequest(`${field} must be a plain image file name`);
  if (name === current) return name;
  if (name === lastPathSegment(defaultImagePath(directory))) return '';
  await assertImageExists(store, directory, name);
  return name;
}
