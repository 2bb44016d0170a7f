import { PRACTICE_EMAIL, PRACTICE_PHONE } from '@clinic/contract/constants';
import { EmailAddress } from '../../components/email-address';
import { telHref } from '../../lib/phone-link';
import { SocialLinks } from './social-links';
import styles from './top-bar.module.css';

export function TopBar() {
  return (
    <div className={styles.bar}>
      <div className={styles.inner}>
        <ul className={styles.contact}>
          <li>
            <a className={styles.contactLink} href={telHref(PRACTICE_PHONE)}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1Z"
                />
              </svg>
              <span className="visually-hidden">Call us: </span>
              {PRACTICE_PHONE}
            </a>
          </li>
          <li>
            <a className={styles.contactLink} href={`mailto:${PRACTICE_EMAIL}`}>
              <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7c0-1.1.9-2 2-2Zm0 2v.5l8 5 8-5V7Zm0 2.8V17h16V9.8l-8 5Z"
                />
              </svg>
              <span className="visually-hidden">E-mail us: </span>
              <EmailAddress address={PRACTICE_EMAIL} />
            </a>
          </li>
        </ul>
        <SocialLinks />
      </div>
    </div>
  );
}
