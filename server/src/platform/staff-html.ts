import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/*
 * Staff-written HTML (content pages, bios): an allow-list, applied when the HTML is saved and again when it
 * is served, so that whatever reached the table by another way (an older version, a restore, a manual
 * edit) is still harmless on the way out. Nothing outside the list survives: no scripts, styles, frames,
 * forms, event handlers, style attributes, javascript: or data: URLs.
 */

/** Image sources: this app's stored images, or an http(s) URL. Nothing relative, nothing else. */
const IMAGE_SOURCE = /^(\/images\/[^\s"'<>\\]+|https?:\/\/[^\s"'<>\\]+)$/i;

/** Whose content goes as well as the tag itself (the rest keep their text when the tag is dropped). */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'title',
  'head',
  'select',
  'button',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'div',
    'span',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'blockquote',
    'code',
    'pre',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROP_WITH_CONTENT,
  allowVulnerableTags: false,
  transformTags: {
    // Links never hand the opener to another site; only a new tab is allowed as a target.
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs, rel: 'noopener noreferrer' };
      if (next.target !== '_blank') delete next.target;
      return { tagName, attribs: next };
    },
    // Images load lazily unless the author says otherwise; a bad loading value is dropped.
    img: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs };
      if (next.loading !== 'eager') next.loading = 'lazy';
      for (const size of ['width', 'height'] as const) {
        if (next[size] !== undefined && !/^\d{1,4}$/.test(next[size])) delete next[size];
      }
      return { tagName, attribs: next };
    },
  },
  // An image whose source is not one of ours or http(s) (a relative 'x', a data: URL) is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'img' && !IMAGE_SOURCE.test(frame.attribs.src ?? ''),
};

/** Staff HTML reduced to the allow-list. Idempotent: sanitising the result again changes nothing. */
export function sanitizeStaffHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown rendered by marked (GitHub flavour), then sanitised like any staff HTML. */
export function renderStaffMarkdown(source: string): string {
  return sanitizeStaffHtml(markdown.parse(source, { async: false }));
}
