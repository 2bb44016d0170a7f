/*
 * Content page rules (spec §2 Content Creator, §9), without schemas so that the web app can use them
 * without the schema library.
 */

/** The font sizes a page may have, in px (the table's check constraint). */
export const CONTENT_FONT_SIZE_MIN = 8;
export const CONTENT_FONT_SIZE_MAX = 72;
export const CONTENT_TITLE_MAX = 200;
export const CONTENT_NAME_MAX = 100;
export const CONTENT_BODY_MAX = 200_000;
export const CONTENT_IMAGES_MAX = 8000;

/** Menu names for pages saved without extra data (top level) or without a category. */
export const CONTENT_MENU_FALLBACK = 'More';
export const CONTENT_CATEGORY_FALLBACK = 'General';

/** An entry of the images list: an /images/ path or an http(s) URL. */
const IMAGE_URL = /^(\/images\/[A-Za-z0-9._~%/-]+|https?:\/\/[^\s"'<>`,]+)$/;

export function isContentImageUrl(value: string): boolean {
  return IMAGE_URL.test(value) && !value.includes('/../') && !value.endsWith('/..');
}

/** The images list as clean URLs (blank entries dropped). */
export function splitContentImages(list: string | null | undefined): string[] {
  return (list ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * The title as the prefix of a page's image names (spec §2 Content Creator): lower case, runs of anything
 * but a-z and 0-9 become one hyphen, no hyphen at either end. Accents are dropped first ('Café' -> 'cafe').
 */
export function titleSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
