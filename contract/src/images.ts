import { DEFAULT_DOCTOR_IMAGE, DEFAULT_IMAGE, DEFAULT_INSURANCE_IMAGE, IMAGE_DIRECTORIES } from './constants';

/**
 * Images (spec §7 Images, §5 Image URL, §9 default images). The limit matches the multipart limit of the
 * server; the web app checks it before sending so that a person learns it without waiting for an upload.
 */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MAX_MEGABYTES = IMAGE_MAX_BYTES / (1024 * 1024);
/** Formats accepted, by content: anything else (SVG, TIFF, HEIC, text named .png) is refused. */
export const IMAGE_FORMATS = ['png', 'jpeg', 'webp', 'gif'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};
/** For a file picker's accept attribute. */
export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export type ImageDirectory = (typeof IMAGE_DIRECTORIES)[number];

export function isImageDirectory(value: string): value is ImageDirectory {
  return (IMAGE_DIRECTORIES as readonly string[]).includes(value);
}

/** The spec's default picture for a folder: doctors and insurances have their own, the rest share one. */
export function defaultImagePath(directory: string): string {
  if (directory === 'doctor' || directory === 'doctors') return DEFAULT_DOCTOR_IMAGE;
  if (directory === 'insurance') return DEFAULT_INSURANCE_IMAGE;
  return DEFAULT_IMAGE;
}

/** The last path segment of a name ('C:\\fakepath\\a.png' and 'x/y/a.png' give 'a.png'). */
export function lastPathSegment(name: string): string {
  const parts = name.split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}

/**
 * The file name images are stored and looked up under: last path segment, lower case, accents dropped,
 * spaces as hyphens, only a-z 0-9 . _ - kept, no leading dot or hyphen. '' when nothing is left.
 */
export function sanitizeImageName(name: string): string {
  const cleaned = lastPathSegment(name.trim())
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9._-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+/, '');
  if (cleaned.length <= 120) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 6 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 120 - extension.length) + extension;
}

/**
 * The URL an <img> uses for a stored image (spec §5 Image URL): a blank name gives the folder's default
 * image; a name that is already a URL or an absolute path is used as it is.
 */
/** The URL of a record's own picture, or '' when it has none (a designed placeholder shows instead). */
export function ownImageUrl(directory: string, name: string | null | undefined): string {
  const value = (name ?? '').trim();
  return value === '' || value === 'null' || value === 'undefined' ? '' : imageUrl(directory, value);
}

export function imageUrl(directory: string, name: string | null | undefined): string {
  const value = (name ?? '').trim();
  if (value === '' || value === 'null' || value === 'undefined') return defaultImagePath(directory);
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('/images/') || value.startsWith('data:')) {
    return value;
  }
  const file = sanitizeImageName(value);
  if (file === '') return defaultImagePath(directory);
  return `/images/${encodeURIComponent(directory)}/${encodeURIComponent(file)}`;
}

/** A comma-separated list of image names (the spec's officeImage) as a clean list. */
export function splitImageList(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '' && name !== 'null' && name !== 'undefined');
}
