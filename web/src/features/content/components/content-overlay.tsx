import { MSG } from '@clinic/contract/messages';
import { Modal } from '../../../components/modal';
import { StatusMessage } from '../../../components/status-message';
import { errorMessage } from '../../../lib/api-client';
import { useContent } from '../api/get-content';
import styles from './content-overlay.module.css';
import { ServerHtml } from './server-html';

interface ContentOverlayProps {
  /** The page to show; null when closed. */
  id: number | null;
  /** The title from the menu, shown at once while the page loads. */
  title: string;
  onClose: () => void;
}

/**
 * The full-screen overlay a content menu opens (spec §2 Navigation): the page's title and HTML at its own
 * font size. The close button, Escape, or a click outside the panel closes it; focus returns to the menu.
 */
export function ContentOverlay({ id, title, onClose }: ContentOverlayProps) {
  const content = useContent(id);
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      title={content.data?.title ?? title}
      size="full"
      className={styles.overlay}
    >
      {content.isPending ? (
        <p className={styles.loading} role="status">
          Loading content…
        </p>
      ) : content.isError ? (
        <StatusMessage tone="error">{`${MSG.failedToFetchContent}: ${errorMessage(content.error)}`}</StatusMessage>
      ) : (
        <ServerHtml html={content.data.content} fontSize={content.data.font_size} />
      )}
    </Modal>
  );
}
