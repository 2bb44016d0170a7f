import { PRACTICE_NAME, PRACTICE_PHONE } from '@clinic/contract/constants';
import { ButtonLink } from '../../../components/button';
import { useDocumentTitle } from '../../../lib/document-title';
import { telHref } from '../../../lib/phone-link';
import { useSession } from '../../../lib/session';
import { HeroArt } from '../components/hero-art';
import styles from './home-page.module.css';

const SERVICES = [
  {
    title: 'Physical therapy',
    text: 'One-on-one treatment and a home exercise plan for recovery after surgery or injury, back and neck pain, and sports and work injuries.',
  },
  {
    title: 'Massage therapy',
    text: 'Therapeutic massage that eases muscle tension, improves circulation and supports the rest of your treatment plan.',
  },
  {
    title: 'Acupuncture',
    text: 'Licensed acupuncturists working alongside your therapists to help manage pain and restore comfortable movement.',
  },
] as const;

export function HomePage() {
  useDocumentTitle(null);
  const session = useSession();

  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <div>
          <p className={styles.eyebrow}>{PRACTICE_NAME}</p>
          <h1 id="home-title" className={styles.title}>
            Care that gets you moving again
          </h1>
          <p className={styles.lead}>
            We are a network of outpatient clinics offering physical therapy, massage therapy and acupuncture,
            with offices in several US states. Your care team builds a plan around your goals, whether you are
            recovering from surgery, managing long-standing pain or getting back to the activities you enjoy.
          </p>
          <p className={styles.lead}>
            With a patient account you can book visits online, keep track of your insurance and
            authorizations, and earn reward points along the way.
          </p>
          <div className={styles.actions}>
            {session ? (
              <p className={styles.welcome}>
                Welcome back{session.username ? `, ${session.username}` : ''}. You are signed in.
              </p>
            ) : (
              <>
                <ButtonLink to="/login/patient">Patient Login</ButtonLink>
                <ButtonLink to="/login/doctor" variant="secondary">
                  Staff Login
                </ButtonLink>
              </>
            )}
            <a className={styles.call} href={telHref(PRACTICE_PHONE)}>
              Or call us at {PRACTICE_PHONE}
            </a>
          </div>
        </div>
        <HeroArt className={styles.art} />
      </section>

      <section className={styles.services} aria-labelledby="services-title">
        <h2 id="services-title">Three kinds of care, one team</h2>
        <ul className={styles.cards}>
          {SERVICES.map((service) => (
            <li key={service.title} className={styles.card}>
              <h3>{service.title}</h3>
              <p>{service.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
