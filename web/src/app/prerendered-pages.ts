/**
 * The pages prerendered at build time (docs/decisions/0027, web/vite.config.ts): the home page, where most
 * visits start, the office list and the booking page as a signed-out visitor sees it. Their loaders have one home so that the entry (main.tsx) can fetch the
 * page's code together with the app, without importing the app's routes.
 */
export const PRERENDERED_PAGE_LOADERS = {
  '/': () => import('../features/home/pages/home-page').then((m) => ({ Component: m.HomePage })),
  '/office': () =>
    import('../features/offices/pages/offices-page').then((m) => ({ Component: m.OfficesPage })),
  '/appointments': () =>
    import('../features/appointments/pages/appointments-page').then((m) => ({
      Component: m.AppointmentsPage,
    })),
} as const;

/** The code of the prerendered page at `path`, fetched now; nothing for any other path. */
export function loadPrerenderedPage(path: string): void {
  if (path in PRERENDERED_PAGE_LOADERS) {
    void PRERENDERED_PAGE_LOADERS[path as keyof typeof PRERENDERED_PAGE_LOADERS]();
  }
}
