import { lazy, Suspense } from 'react';
import styles from './site-nav.module.css';

// The menus depend on a fetch anyway; their code comes in its own small chunk instead of the app's.
const ContentNavMenus = lazy(() =>
  import('../../features/content/components/content-nav-menus').then((m) => ({ default: m.ContentNavMenus })),
);

/**
 * The dynamic content menus of spec §2 Navigation: one dropdown per top-level name of
 * GET /api/content/menuStructure, categories on the left and content titles on the right, a title
 * opening the content overlay. Their place in the navigation is fixed here; the content feature draws them.
 */
export function ContentMenus() {
  return (
    <Suspense fallback={null}>
      <ContentNavMenus itemClassName={styles.item} />
    </Suspense>
  );
}
