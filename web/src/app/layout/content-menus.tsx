/**
 * The dynamic content menus of spec §2 Navigation: one dropdown per top-level name of
 * GET /api/content/menuStructure, categories on the left and content titles on the right, a title
 * opening the content overlay. Its place in the navigation is fixed here; it renders nothing until the
 * content feature provides the menu structure (no call is made yet).
 */
export function ContentMenus() {
  return null;
}
