import { IMAGE_MAX_BYTES } from '@clinic/contract/images';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';
import { imageTooLarge } from './images';

export interface ImageUpload {
  bytes: Buffer;
  /** The name the client gave: the `filename` field, else the file part's own file name. */
  requestedName: string;
  /** Every text field of the form (directory, ...). */
  fields: Record<string, string>;
}

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/**
 * Reads a multipart image upload (field `file`, plus text fields such as `filename` and `directory`)
 * whatever the order of its parts, with the image size limit. Anything wrong is a 4xx that says why;
 * nothing is stored here.
 */
export async function readImageUpload(request: FastifyRequest): Promise<ImageUpload> {
  if (!request.isMultipart()) {
    throw badRequest('Send the image as multipart/form-data with a "file" field.');
  }
  let bytes: Buffer | undefined;
  let partName = '';
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}"; use "file".`);
        }
        bytes = await part.toBuffer();
        partName = part.filename ?? '';
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    switch (codeOf(error)) {
      case 'FST_REQ_FILE_TOO_LARGE':
        throw imageTooLarge();
      case 'FST_FILES_LIMIT':
        throw badRequest('Send one image at a time.');
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        throw badRequest('The form has too many fields.');
      default:
        // Anything else the multipart parser stumbles on is a body it cannot read: the client's mistake.
        if (error instanceof AppError) throw error;
        throw badRequest('The upload is not well-formed multipart/form-data.');
    }
  }
  if (!bytes) throw badRequest('No file was sent: add the image as the "file" field.');
  const given = (fields.filename ?? '').trim();
  return { bytes, requestedName: given !== '' ? given : partName, fields };
}
