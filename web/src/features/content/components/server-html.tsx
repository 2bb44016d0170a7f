import { CONTENT_FONT_SIZE_VIEWER } from '@clinic/contract/constants';
import styles from './server-html.module.css';

interface ServerHtmlProps {
  /**
   * HTML exactly as the content API answered it. The server sanitises content when it is saved and again
   * when it is served (docs/decisions/0010); nothing else may be passed here.
   */
  html: string;
  /** The page's font_size in px; the viewer's default when missing (spec §9). */
  fontSize?: number | null;
  className?: string;
}

/** A content page's body, at its own font size. */
export function ServerHtml({ html, fontSize, className }: ServerHtmlProps) {
  const size = fontSize && fontSize > 0 ? fontSize : CONTENT_FONT_SIZE_VIEWER;
  return (
    <div
      className={[styles.body, className ?? ''].filter(Boolean).join(' ')}
      style={{ fontSize: `${size}px` }}
      data-server-html=""
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised content only (see the prop's note).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
