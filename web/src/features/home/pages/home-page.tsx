import { PRACTICE_NAME, PRACTICE_PHONE } from '@clinic/contract/constants';
import { lazy, Suspense } from 'react';
import { ButtonLink } from '../../../components/button';
import { HydrateLater } from '../../../components/hydrate-later';
import { useDocumentTitle } from '../../../lib/document-title';
import { telHref } from '../../../lib/phone-link';
import { useSession } from '../../../lib/session';
import { HeroArt } from '../components/hero-art';
import { PromotionsCarousel } from '../components/promotions-carousel';
import styles from './home-page.module.css';

// Only signed-in users search, so visitors never download it.
const HomeSearch = lazy(() => import('../components/home-search').then((m) => ({ default: m.HomeSearch })));

// The sections below the fold (cards, services, rewards, FAQ) are not needed for the first paint: their
// chunk is requested as soon as this module runs, in parallel with the first render, and fills in after.
const details = import('../components/home-details').then((m) => ({ default: m.HomeDetails }));
const HomeDetails = lazy(() => details);

export function HomePage() {
  useDocumentTitle(null);
  const session = useSession();
  const role = session?.role ?? null;

  return (
    <>
      {/* Each part hydrates in a task of its own (src/components/hydrate-later.tsx). */}
      <HydrateLater>
        <section className={styles.hero} aria-labelledby="home-title">
          <div>
            <p className={styles.eyebrow}>{PRACTICE_NAME}</p>
            <h1 id="home-title" className={styles.title}>
              Care that gets you moving again
            </h1>
            <p className={styles.lead}>
              Physical therapy, massage and acupuncture in clinics across several US states. Your care team
              builds a plan around your goals, whether you are recovering from surgery, living with
              long-standing pain or getting back to the things you love.
            </p>
            {role ? (
              <Suspense fallback={<div className={styles.searchPlaceholder} />}>
                <HomeSearch role={role} />
              </Suspense>
            ) : (
              <div className={styles.actions}>
                <ButtonLink to="/login/patient">Patient Login</ButtonLink>
                <ButtonLink to="/login/doctor" variant="secondary">
                  Staff Login
                </ButtonLink>
                <a className={styles.call} href={telHref(PRACTICE_PHONE)}>
                  Or call us at {PRACTICE_PHONE}
                </a>
              </div>
            )}
          </div>
          <HeroArt className={styles.art} />
        </section>
      </HydrateLater>

      {/* Not a region of its own: the carousel inside is the region. */}
      <HydrateLater>
        <div className={styles.section}>
          <h2>Current promotions</h2>
          <PromotionsCarousel />
        </div>
      </HydrateLater>

      <Suspense fallback={<div className={styles.detailsPlaceholder} />}>
        <HomeDetails />
      </Suspense>
    </>
  );
}
