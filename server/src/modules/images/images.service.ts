import { isImageDirectory } from '@clinic/contract/images';
import type { AppContext } from '../../app-context';
import { badRequest, notFound } from '../../platform/errors';
import {
  createImageStore,
  type ImageFile,
  type ImageStore,
  isTraversalAttempt,
  parseImageDirectory,
  parseImageFileName,
} from '../../platform/images';

/** The images module's rules: which folder, which name, and what GET answers when there is no file. */
export function createImagesService(ctx: AppContext, store: ImageStore = createImageStore(ctx.config)) {
  return {
    store,

    /** Stores an upload in a folder of IMAGE_DIRECTORIES; answers the stored file name. */
    async upload(directory: string | undefined, requestedName: string, bytes: Buffer): Promise<string> {
      return store.save(parseImageDirectory(directory), requestedName, bytes);
    },

    /** The image, the web app's file of that name, or the folder's default image (spec §5, §9). */
    async get(directory: string, file: string): Promise<ImageFile> {
      const image = await store.readOrDefault(parseImageDirectory(directory), parseImageFileName(file));
      if (!image) throw notFound('Image not found.');
      return image;
    },

    async remove(directory: string, file: string): Promise<string> {
      const folder = parseImageDirectory(directory);
      const name = parseImageFileName(file);
      if (name === '') throw badRequest('The image name is required.');
      if (!(await store.remove(folder, name))) throw notFound(`Image not found: ${name}`);
      return name;
    },

    /**
     * GET /images/<path> outside the API (the spec's default-image paths and every <img src>): uploaded
     * files of a known folder first, then the built web app's images, then the folder's default.
     */
    async getPublic(wildcard: string): Promise<ImageFile | null> {
      const segments = wildcard.split('/').filter((s) => s !== '');
      if (segments.some((s) => isTraversalAttempt(s))) {
        throw badRequest('The image name must be a plain file name.');
      }
      const [first, second] = segments;
      if (segments.length <= 2 && first && isImageDirectory(first)) {
        return store.readOrDefault(first, parseImageFileName(second ?? ''));
      }
      return store.readWebImage(segments.join('/'));
    },
  };
}
