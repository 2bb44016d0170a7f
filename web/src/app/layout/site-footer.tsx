import { PRACTICE_EMAIL, PRACTICE_NAME, PRACTICE_PHONE } from '@clinic/contract/constants';
import { Link } from 'react-router';
import { EmailAddress } from '../../components/email-address';
import { telHref } from '../../lib/phone-link';
import styles from './site-footer.module.css';

const FOOTER_LINKS = [
  { label: 'Terms of Use', to: '/terms' },
  { label: 'Privacy Policy', to: '/privacy' },
  { label: 'Contact Us', to: '/contact' },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label="Legal and contact">
          <ul className={styles.links}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.link}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className={styles.contact}>
          <a href={telHref(PRACTICE_PHONE)} className={styles.link}>
            {PRACTICE_PHONE}
          </a>
          <span aria-hidden="true"> · </span>
          <a href={`mailto:${PRACTICE_EMAIL}`} className={styles.link}>
            <EmailAddress address={PRACTICE_EMAIL} />
          </a>
        </p>
        <p className={styles.copyright}>
          © {year} {PRACTICE_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
