import { type ClipboardEvent, type Ref, useImperativeHandle, useRef } from 'react';
import type { TextFormat } from '../lib/markdown-format';
import styles from './rich-text-editor.module.css';

/** What the content creator does with the rich-text area. */
export interface RichTextHandle {
  getHtml(): string;
  /** Replaces the content; only HTML the server has sanitised (a saved page, a preview) is passed here. */
  setHtml(html: string): void;
  applyFormat(format: TextFormat): void;
  /** Puts an image at the caret (or at the end when the caret is elsewhere). */
  insertImage(src: string, alt: string): void;
  /** Takes out every image with this source. */
  removeImages(src: string): void;
  focus(): void;
}

interface RichTextEditorProps {
  ref?: Ref<RichTextHandle>;
  id?: string;
  labelId: string;
  describedBy?: string;
  fontSize: number;
  hidden?: boolean;
}

const BLOCK_FORMATS: Record<'h1' | 'h2' | 'h3', string> = { h1: 'h1', h2: 'h2', h3: 'h3' };

/**
 * The content creator's rich-text area: a contenteditable region driven by the browser's editing
 * commands. Pasting keeps the text only, so nothing foreign (scripts, styles, tracking images) comes in
 * that way; the server sanitises whatever is saved in any case.
 */
export function RichTextEditor({ ref, id, labelId, describedBy, fontSize, hidden }: RichTextEditorProps) {
  const areaRef = useRef<HTMLDivElement>(null);
  const lastRange = useRef<Range | null>(null);

  const rememberSelection = () => {
    const selection = document.getSelection();
    const area = areaRef.current;
    if (!selection || selection.rangeCount === 0 || !area) return;
    const range = selection.getRangeAt(0);
    if (area.contains(range.commonAncestorContainer)) lastRange.current = range.cloneRange();
  };

  const restoreSelection = () => {
    const area = areaRef.current;
    if (!area) return;
    area.focus();
    const selection = document.getSelection();
    if (lastRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(lastRange.current);
    }
  };

  useImperativeHandle(ref, () => ({
    getHtml: () => areaRef.current?.innerHTML ?? '',
    setHtml: (html: string) => {
      if (areaRef.current) areaRef.current.innerHTML = html;
      lastRange.current = null;
    },
    applyFormat: (format: TextFormat) => {
      restoreSelection();
      if (format === 'bold' || format === 'italic' || format === 'underline') {
        document.execCommand(format);
      } else {
        const current = String(document.queryCommandValue('formatBlock') ?? '').toLowerCase();
        document.execCommand('formatBlock', false, current === format ? 'p' : BLOCK_FORMATS[format]);
      }
      rememberSelection();
    },
    insertImage: (src: string, alt: string) => {
      const area = areaRef.current;
      if (!area) return;
      const image = document.createElement('img');
      image.setAttribute('src', src);
      image.setAttribute('alt', alt);
      // The image is a block of its own: after the block holding the cursor (a heading, a paragraph, a list),
      // never inside it (issue 15); at the end when there is no cursor in the editor.
      const paragraph = document.createElement('p');
      paragraph.append(image);
      const range = lastRange.current;
      let block: Node | null =
        range && area.contains(range.commonAncestorContainer) ? range.commonAncestorContainer : null;
      while (block && block.parentNode !== area) block = block.parentNode;
      if (block) block.parentNode?.insertBefore(paragraph, block.nextSibling);
      else area.append(paragraph);
      const after = document.createRange();
      after.setStartAfter(paragraph);
      after.collapse(true);
      lastRange.current = after;
    },
    removeImages: (src: string) => {
      for (const image of Array.from(areaRef.current?.querySelectorAll('img') ?? [])) {
        if (image.getAttribute('src') === src) image.remove();
      }
    },
    focus: () => areaRef.current?.focus(),
  }));

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a rich-text area has no native element; this is the ARIA textbox pattern.
    <div
      ref={areaRef}
      id={id}
      className={styles.area}
      role="textbox"
      aria-multiline="true"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      contentEditable
      suppressContentEditableWarning
      tabIndex={0}
      style={{ fontSize: `${fontSize}px` }}
      hidden={hidden}
      onKeyUp={rememberSelection}
      onMouseUp={rememberSelection}
      onBlur={rememberSelection}
      onPaste={onPaste}
    />
  );
}
