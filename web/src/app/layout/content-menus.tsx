import { ContentNavMenus } from '../../features/content/components/content-nav-menus';
import styles from './site-nav.module.css';

/**
 * The dynamic content menus of spec §2 Navigation: one dropdown per top-level name of
 * GET /api/content/menuStructure, categories on the left and content titles on the right, a title
 * opening the content overlay. Their place in the navigation is fixed here; the content feature draws them.
 */
export function ContentMenus() {
  return <ContentNavMenus itemClassName={styles.item} />;
}
