/** The toolbar's formats (spec §2 Content Creator): bold, italic, underline and headings 1 to 3. */
export type TextFormat = 'bold' | 'italic' | 'underline' | 'h1' | 'h2' | 'h3';

export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

const WRAPPERS: Record<'bold' | 'italic' | 'underline', [string, string]> = {
  bold: ['**', '**'],
  italic: ['*', '*'],
  // Markdown has no underline; the sanitiser keeps <u>.
  underline: ['<u>', '</u>'],
};

const HEADING_PREFIX = /^#{1,6}\s+/;

/**
 * A toolbar format applied to Markdown text and its selection: inline formats wrap the selection (or
 * unwrap it when it is already wrapped; with nothing selected, the markers go in with the caret between
 * them); a heading format makes every selected line that heading, or a plain line if it already is one.
 */
export function applyMarkdownFormat(edit: TextEdit, format: TextFormat): TextEdit {
  const { text } = edit;
  const start = Math.max(0, Math.min(edit.selectionStart, text.length));
  const end = Math.max(start, Math.min(edit.selectionEnd, text.length));

  if (format === 'bold' || format === 'italic' || format === 'underline') {
    const [open, close] = WRAPPERS[format];
    const before = text.slice(0, start);
    const selected = text.slice(start, end);
    const after = text.slice(end);
    if (before.endsWith(open) && after.startsWith(close) && !(format === 'italic' && before.endsWith('**'))) {
      return {
        text: before.slice(0, -open.length) + selected + after.slice(close.length),
        selectionStart: start - open.length,
        selectionEnd: end - open.length,
      };
    }
    return {
      text: before + open + selected + close + after,
      selectionStart: start + open.length,
      selectionEnd: end + open.length,
    };
  }

  const level = Number(format.slice(1));
  const prefix = `${'#'.repeat(level)} `;
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', end > start && text[end - 1] === '\n' ? end - 1 : end);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const lines = text.slice(lineStart, lineEnd).split('\n');
  const allAlready = lines.every((line) => line.startsWith(prefix));
  const changed = lines
    .map((line) => {
      const bare = line.replace(HEADING_PREFIX, '');
      return allAlready ? bare : prefix + bare;
    })
    .join('\n');
  return {
    text: text.slice(0, lineStart) + changed + text.slice(lineEnd),
    selectionStart: lineStart,
    selectionEnd: lineStart + changed.length,
  };
}

/** Markdown for an image, on its own paragraph. */
export function markdownImage(url: string, alt: string): string {
  const safeAlt = alt.replace(/[[\]\\]/g, '');
  const safeUrl = url.replace(
    /[()\s]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return `![${safeAlt}](${safeUrl})`;
}

/**
 * Inserts a block (an image) as its own paragraph after the line the cursor is on, never inside it: a cursor
 * in the middle of a heading or a list item leaves the line whole (issue 15).
 */
export function insertBlockAfterLine(text: string, at: number, block: string): { text: string; end: number } {
  const cursor = Math.max(0, Math.min(at, text.length));
  const lineEnd = text.indexOf('\n', cursor);
  const cut = lineEnd === -1 ? text.length : lineEnd;
  const before = text.slice(0, cut).replace(/\s*$/, '');
  const after = text.slice(cut).replace(/^\s*/, '');
  const head = `${before}${before ? '\n\n' : ''}${block}`;
  return { text: `${head}\n\n${after}`, end: head.length };
}

/** The Markdown text without the images that point at the given URL. */
export function removeMarkdownImage(text: string, url: string): string {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text
    .replace(new RegExp(`\\n?!\\[[^\\]]*\\]\\(${escaped}\\)\\n?`, 'g'), '\n')
    .replace(/\n{3,}/g, '\n\n');
}

/** A readable alt text from a file name: 'knee-exercise_2.JPG' -> 'knee exercise 2'. */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_.]+/g, ' ')
    .trim();
}
