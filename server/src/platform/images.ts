import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_DIRECTORIES } from '@clinic/contract/constants';
import {
  defaultImagePath,
  IMAGE_CONTENT_TYPES,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_MEGABYTES,
  type ImageDirectory,
  type ImageFormat,
  isImageDirectory,
  sanitizeImageName,
} from '@clinic/contract/images';
import sharp from 'sharp';
import { WEB_PUBLIC_IMAGES } from '../locations';
import { AppError, badRequest } from './errors';

/**
 * Image storage (docs/architecture.md, Images): files live under DATA_DIR/images/<directory>/<file>. An
 * upload is accepted only when its bytes are a PNG, JPEG, WebP or GIF that sharp can decode, up to
 * IMAGE_MAX_BYTES; it is re-encoded (which drops EXIF, GPS and any payload appended to the file) and stored
 * under a sanitised name whose extension matches its real format. Nothing outside the images folder is ever
 * read or written: directories come from a fixed list and names are reduced to one plain segment.
 */

/** Decompression bombs: a 5 MB file may still claim billions of pixels. 40 megapixels is a big photo. */
const MAX_INPUT_PIXELS = 40_000_000;
const EXTENSIONS: Record<ImageFormat, readonly string[]> = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  webp: ['webp'],
  gif: ['gif'],
};

export interface ImageFile {
  body: Buffer;
  contentType: string;
  /** Last change, for ETag and Last-Modified. */
  modifiedAt: Date;
}

/** The format of an image by its first bytes (magic numbers); null for anything else. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const b = bytes;
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    if (b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 6) {
    const head = Buffer.from(b.subarray(0, 6)).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  }
  if (b.length >= 12) {
    const riff = Buffer.from(b.subarray(0, 4)).toString('latin1');
    const webp = Buffer.from(b.subarray(8, 12)).toString('latin1');
    if (riff === 'RIFF' && webp === 'WEBP') return 'webp';
  }
  return null;
}

/**
 * True when a name tries to climb out of its folder: a '..' segment, also when percent-encoded
 * ('%2e%2e'), or a NUL byte. Such a name is refused outright rather than quietly reduced.
 */
export function isTraversalAttempt(name: string): boolean {
  let decoded = name;
  try {
    decoded = decodeURIComponent(name);
  } catch {
    // Not valid percent-encoding: check the text as it is.
  }
  return [name, decoded].some(
    (value) => value.includes('\0') || value.split(/[\\/]/).some((segment) => segment.trim() === '..'),
  );
}

/** A directory from a request: one of IMAGE_DIRECTORIES, or a 400 that lists them. */
export function parseImageDirectory(value: string | undefined): ImageDirectory {
  const directory = (value ?? '').trim().toLowerCase();
  if (!isImageDirectory(directory)) {
    throw badRequest(
      `Unknown image directory "${(value ?? '').slice(0, 60)}". Use one of: ${IMAGE_DIRECTORIES.join(', ')}.`,
    );
  }
  return directory;
}

/** A file name from a request's path: '' when blank (the caller serves the default image). */
export function parseImageFileName(value: string | undefined): string {
  const raw = value ?? '';
  if (isTraversalAttempt(raw)) throw badRequest('The image name must be a plain file name.');
  return sanitizeImageName(raw);
}

function storedName(requested: string, format: ImageFormat): string {
  let base = sanitizeImageName(requested);
  const dot = base.lastIndexOf('.');
  let extension = EXTENSIONS[format][0] as string;
  if (dot > 0) {
    const given = base.slice(dot + 1);
    if (EXTENSIONS[format].includes(given)) extension = given;
    base = base.slice(0, dot);
  }
  base = base.replace(/[.-]+$/, '');
  if (base === '') base = `image-${randomBytes(6).toString('hex')}`;
  // 'default' names the folder's fallback picture (spec §9); an upload must not replace it for everyone.
  if (base === 'default') base = `default-${randomBytes(3).toString('hex')}`;
  return `${base.slice(0, 110)}.${extension}`;
}

async function reencode(input: Buffer, format: ImageFormat): Promise<Buffer> {
  const animated = format === 'gif' || format === 'webp';
  const image = sharp(input, { animated, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  switch (format) {
    case 'png':
      return image.png({ compressionLevel: 8 }).toBuffer();
    case 'jpeg':
      // Apply the EXIF orientation before the metadata (and with it the orientation tag) is dropped.
      return image.rotate().jpeg({ quality: 85, mozjpeg: true }).toBuffer();
    case 'webp':
      return image.webp({ quality: 85 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}

export interface ImageStore {
  readonly root: string;
  /** Checks, re-encodes and stores an image; answers the stored file name. Throws a 4xx saying why. */
  save(directory: ImageDirectory, requestedName: string, bytes: Buffer): Promise<string>;
  /** The stored image, or null when there is none (or the file is not an image). */
  read(directory: ImageDirectory, name: string): Promise<ImageFile | null>;
  /** Whether a stored image exists under that name. */
  exists(directory: ImageDirectory, name: string): Promise<boolean>;
  /** Deletes a stored image; false when there was none. */
  remove(directory: ImageDirectory, name: string): Promise<boolean>;
  /**
   * What GET /images/<directory>/<file> serves: the uploaded file, else a file of the built web app of
   * that name, else the folder's default image (spec §9). Null only when even the default is missing.
   */
  readOrDefault(directory: ImageDirectory, name: string): Promise<ImageFile | null>;
  /** A file of the web app's own images folder (/images/default.png), by a path relative to it. */
  readWebImage(relativePath: string): Promise<ImageFile | null>;
}

/** Folders the built web app's images are looked up in: the build (WEB_DIST), then web/public. */
function webImageRoots(webDist: string | undefined): string[] {
  return [...(webDist ? [path.join(webDist, 'images')] : []), WEB_PUBLIC_IMAGES];
}

async function readImageAt(file: string): Promise<ImageFile | null> {
  try {
    const info = await stat(file);
    if (!info.isFile() || info.size > IMAGE_MAX_BYTES * 4) return null;
    const body = await readFile(file);
    const format = sniffImageFormat(body);
    if (!format) return null;
    return { body, contentType: IMAGE_CONTENT_TYPES[format], modifiedAt: info.mtime };
  } catch {
    return null;
  }
}

/** Joins inside a root and refuses (as a 400) anything that would resolve outside it. */
function inside(root: string, ...segments: string[]): string {
  const target = path.resolve(root, ...segments);
  if (!target.startsWith(root + path.sep)) throw badRequest('The image name must be a plain file name.');
  return target;
}

export function createImageStore(options: { dataDir: string; webDist?: string | undefined }): ImageStore {
  const root = path.resolve(options.dataDir, 'images');
  const webRoots = webImageRoots(options.webDist);

  const fileOf = (directory: ImageDirectory, name: string) => {
    const clean = sanitizeImageName(name);
    if (clean === '' || isTraversalAttempt(name)) return null;
    return inside(root, directory, clean);
  };

  async function readWebImage(relativePath: string): Promise<ImageFile | null> {
    const segments = relativePath.split('/').filter(Boolean).map(sanitizeImageName);
    if (segments.length === 0 || segments.some((s) => s === '')) return null;
    for (const webRoot of webRoots) {
      const found = await readImageAt(inside(webRoot, ...segments));
      if (found) return found;
    }
    return null;
  }

  return {
    root,

    async save(directory, requestedName, bytes) {
      if (bytes.length === 0) throw badRequest('The file is empty.');
      if (bytes.length > IMAGE_MAX_BYTES) throw imageTooLarge();
      if (isTraversalAttempt(requestedName)) throw badRequest('The image name must be a plain file name.');
      const format = sniffImageFormat(bytes);
      if (!format) throw badRequest('Only PNG, JPEG, WebP and GIF images are accepted.');
      let output: Buffer;
      try {
        const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
        if (meta.format !== format) {
          throw badRequest('Only PNG, JPEG, WebP and GIF images are accepted.');
        }
        output = await reencode(bytes, format);
      } catch (error) {
        if (error instanceof AppError) throw error;
        const text = error instanceof Error ? error.message : '';
        if (/pixel limit/i.test(text)) {
          throw badRequest('The image has too many pixels (at most 40 megapixels).');
        }
        throw badRequest('The file is not a readable image.');
      }
      const name = storedName(requestedName, format);
      const target = inside(root, directory, name);
      await mkdir(path.dirname(target), { recursive: true });
      // Write then rename: a reader never sees half a file, and a failed write leaves nothing behind.
      const temporary = `${target}.${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(temporary, output);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return name;
    },

    async read(directory, name) {
      const file = fileOf(directory, name);
      return file ? readImageAt(file) : null;
    },

    /** Uploaded, or shipped with the web app under that folder (the demo's pictures): what the routes serve. */
    async exists(directory, name) {
      if ((await this.read(directory, name)) !== null) return true;
      const clean = sanitizeImageName(name);
      return clean !== '' && (await readWebImage(`${directory}/${clean}`)) !== null;
    },

    async remove(directory, name) {
      const file = fileOf(directory, name);
      if (!file) return false;
      try {
        await unlink(file);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },

    async readOrDefault(directory, name) {
      const stored = await this.read(directory, name);
      if (stored) return stored;
      const clean = sanitizeImageName(name);
      if (clean !== '') {
        const shipped = await readWebImage(`${directory}/${clean}`);
        if (shipped) return shipped;
      }
      return readWebImage(defaultImagePath(directory).replace(/^\/images\//, ''));
    },

    readWebImage,
  };
}

export function imageTooLarge(): AppError {
  return new AppError(
    413,
    'payload_too_large',
    `The image is larger than ${IMAGE_MAX_MEGABYTES} MB. Please choose a smaller file.`,
  );
}

/** For callers that take an image name from a client and must know it is a stored image of a folder. */
export async function assertImageExists(store: ImageStore, directory: ImageDirectory, name: string) {
  if (isTraversalAttempt(name)) throw badRequest('The image name must be a plain file name.');
  if (!(await store.exists(directory, name))) {
    throw badRequest(`Image not found: ${sanitizeImageName(name) || name}. Upload it first.`);
  }
}
