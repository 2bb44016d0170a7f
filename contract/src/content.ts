import { type Static, Type } from 'typebox';
import { BoundedList } from './common';
import {
  CONTENT_BODY_MAX,
  CONTENT_FONT_SIZE_MAX,
  CONTENT_FONT_SIZE_MIN,
  CONTENT_IMAGES_MAX,
  CONTENT_NAME_MAX,
  CONTENT_TITLE_MAX,
} from './content-rules';

/*
 * Content pages (spec §3 Content item, §7 Content). `content` is always HTML that the server has
 * sanitised; for a page written in Markdown the source travels beside it as `markdownSource`, so that the
 * editor can open it again (docs/decisions/0010-content-pages.md). The rules the web app shares are in
 * content-rules.ts.
 */

const FontSize = Type.Integer({ minimum: CONTENT_FONT_SIZE_MIN, maximum: CONTENT_FONT_SIZE_MAX });

export const ContentItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** Sanitised HTML. */
  content: Type.String(),
  font_size: Type.Integer(),
  category: Type.String(),
  /** The top-level menu name (the content page shows it as its type). */
  extraData: Type.String(),
  /** Comma-separated image URLs. */
  images: Type.String(),
  isMarkdown: Type.Boolean(),
  /** The Markdown the HTML was rendered from; '' for a page written as rich text. */
  markdownSource: Type.String(),
});
export type ContentItem = Static<typeof ContentItem>;

/**
 * POST /api/content/saveContent and PUT /api/content/updateContent/{id}. The font size is sent as
 * fontSize (font_size is read too). With isMarkdown, content is Markdown; otherwise HTML. Either way the
 * server stores and serves only sanitised HTML.
 */
export const SaveContentBody = Type.Object({
  title: Type.String({ maxLength: CONTENT_TITLE_MAX }),
  content: Type.Optional(Type.String({ maxLength: CONTENT_BODY_MAX })),
  fontSize: Type.Optional(FontSize),
  font_size: Type.Optional(FontSize),
  category: Type.Optional(Type.String({ maxLength: CONTENT_NAME_MAX })),
  extraData: Type.Optional(Type.String({ maxLength: CONTENT_NAME_MAX })),
  images: Type.Optional(
    Type.String({ maxLength: CONTENT_IMAGES_MAX, description: 'comma-separated image URLs' }),
  ),
  isMarkdown: Type.Optional(Type.Boolean()),
});
export type SaveContentBody = Static<typeof SaveContentBody>;

export const ContentSearchQuery = Type.Object({
  title: Type.Optional(Type.String({ maxLength: CONTENT_TITLE_MAX })),
  category: Type.Optional(Type.String({ maxLength: CONTENT_NAME_MAX })),
  extraData: Type.Optional(Type.String({ maxLength: CONTENT_NAME_MAX })),
});
export type ContentSearchQuery = Static<typeof ContentSearchQuery>;

export const ContentMenuEntry = Type.Object({ id: Type.Integer(), title: Type.String() });
export type ContentMenuEntry = Static<typeof ContentMenuEntry>;

/** Top-level name -> category -> the pages' {id, title}. */
export const MenuStructure = Type.Record(
  Type.String(),
  Type.Record(Type.String(), Type.Array(ContentMenuEntry)),
);
export type MenuStructure = Static<typeof MenuStructure>;

/** POST /api/content/preview: what the editor shows before saving, sanitised like a saved page. */
export const ContentPreviewBody = Type.Object({
  content: Type.String({ maxLength: CONTENT_BODY_MAX }),
  isMarkdown: Type.Optional(Type.Boolean()),
});
export type ContentPreviewBody = Static<typeof ContentPreviewBody>;
export const ContentPreview = Type.Object({ content: Type.String() });

/** The most content pages a list or search holds, and the most the menus name (a site has tens). */
export const CONTENT_LIST_MAX = 200;
export const CONTENT_MENU_MAX = 1000;
export const ContentList = BoundedList(ContentItem, CONTENT_LIST_MAX);
