import { CONTENT_FONT_SIZE_VIEWER } from '@clinic/contract/constants';
import type {
  ContentItem,
  ContentPreviewBody,
  ContentSearchQuery,
  MenuStructure,
  SaveContentBody,
} from '@clinic/contract/content';
import {
  CONTENT_CATEGORY_FALLBACK,
  CONTENT_MENU_FALLBACK,
  isContentImageUrl,
  splitContentImages,
} from '@clinic/contract/content-rules';
import { MSG } from '@clinic/contract/messages';
import type { AppContext } from '../../app-context';
import { badRequest, notFound } from '../../platform/errors';
import { renderStaffMarkdown, sanitizeStaffHtml } from '../../platform/staff-html';
import { type ContentRow, type ContentValues, createContentRepository } from './content.repository';

/**
 * Content pages (docs/decisions/0010-content-pages.md). The HTML is sanitised when it is saved and again
 * when it is served; a Markdown page is rendered by marked and then sanitised the same way.
 */
export function createContentService(ctx: AppContext) {
  const repo = createContentRepository(ctx.db);

  return {
    async list(): Promise<ContentItem[]> {
      return (await repo.list()).map(toContentItem);
    },

    async get(id: number): Promise<ContentItem> {
      const row = await repo.findById(id);
      if (!row) throw notFound('Content not found.');
      return toContentItem(row);
    },

    async search(filter: ContentSearchQuery): Promise<ContentItem[]> {
      const clean: ContentSearchQuery = {
        title: cleanName(filter.title),
        category: cleanName(filter.category),
        extraData: cleanName(filter.extraData),
      };
      return (await repo.search(clean)).map(toContentItem);
    },

    async menuStructure(): Promise<MenuStructure> {
      const rows = await repo.menuEntries();
      const entries = rows.map((row) => ({
        id: row.id,
        title: row.title,
        menu: row.extra_data.trim() || CONTENT_MENU_FALLBACK,
        category: row.category.trim() || CONTENT_CATEGORY_FALLBACK,
      }));
      entries.sort(
        (a, b) =>
          compareNames(a.menu, b.menu) ||
          compareNames(a.category, b.category) ||
          compareNames(a.title, b.title) ||
          a.id - b.id,
      );
      const structure: MenuStructure = {};
      for (const entry of entries) {
        const categories = structure[entry.menu] ?? {};
        structure[entry.menu] = categories;
        const pages = categories[entry.category] ?? [];
        categories[entry.category] = pages;
        pages.push({ id: entry.id, title: entry.title });
      }
      return structure;
    },

    async create(body: SaveContentBody): Promise<ContentItem> {
      const row = await repo.insert(toValues(body, null));
      return toContentItem(row);
    },

    async update(id: number, body: SaveContentBody): Promise<ContentItem> {
      const current = await repo.findById(id);
      if (!current) throw notFound('Content not found.');
      const row = await repo.update(id, toValues(body, current));
      if (!row) throw notFound('Content not found.');
      return toContentItem(row);
    },

    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound('Content not found.');
    },

    preview(body: ContentPreviewBody): { content: string } {
      return {
        content: body.isMarkdown ? renderStaffMarkdown(body.content) : sanitizeStaffHtml(body.content),
      };
    },
  };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const compareNames = (a: string, b: string) => collator.compare(a, b);

/** A one-line name (title, category, menu name): control characters dropped, spaces collapsed, trimmed. */
function cleanName(value: string | undefined): string {
  return Array.from(value ?? '', (c) => (isControlCharacter(c) ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

function isControlCharacter(c: string): boolean {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

function cleanImages(list: string): string {
  const urls = [...new Set(splitContentImages(list))];
  for (const url of urls) {
    if (!isContentImageUrl(url)) {
      throw badRequest(`images: "${url.slice(0, 80)}" is not an image URL (an /images/ path or http(s) URL)`);
    }
  }
  return urls.join(',');
}

/**
 * The row to store for a save. On an update, fields the body leaves out keep their current values; the
 * body's id (if any) is never read.
 */
function toValues(body: SaveContentBody, current: ContentRow | null): ContentValues {
  const title = cleanName(body.title);
  if (title === '') throw badRequest(MSG.titleRequired);
  const isMarkdown = body.isMarkdown ?? current?.is_markdown ?? false;
  let source = body.content;
  if (source === undefined) {
    // Content left out: keep the page's text; in Markdown, HTML is valid Markdown too.
    source = isMarkdown && current?.is_markdown ? current.markdown_source : (current?.content_html ?? '');
  }
  return {
    title,
    is_markdown: isMarkdown,
    markdown_source: isMarkdown ? source : '',
    content_html: isMarkdown ? renderStaffMarkdown(source) : sanitizeStaffHtml(source),
    font_size: body.fontSize ?? body.font_size ?? current?.font_size ?? CONTENT_FONT_SIZE_VIEWER,
    category: body.category !== undefined ? cleanName(body.category) : (current?.category ?? ''),
    extra_data: body.extraData !== undefined ? cleanName(body.extraData) : (current?.extra_data ?? ''),
    images: body.images !== undefined ? cleanImages(body.images) : (current?.images ?? ''),
  };
}

/** The wire form; the HTML is sanitised again on the way out. */
export function toContentItem(row: ContentRow): ContentItem {
  return {
    id: row.id,
    title: row.title,
    content: sanitizeStaffHtml(row.content_html),
    font_size: row.font_size,
    category: row.category,
    extraData: row.extra_data,
    images: row.images,
    isMarkdown: row.is_markdown,
    markdownSource: row.is_markdown ? row.markdown_source : '',
  };
}
