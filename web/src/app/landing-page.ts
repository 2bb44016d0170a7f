/**
 * The landing page ('/', the home page): where most visits start, prerendered at build time
 * (docs/decisions/0027). Its loader has one home so that the entry (main.tsx) can fetch it together
 * with the app, without importing the app's routes.
 */
export const loadLandingPage = () =>
  import('../features/home/pages/home-page').then((m) => ({ Component: m.HomePage }));
