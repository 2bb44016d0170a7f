import { PRACTICE_NAME, PRACTICE_TAGLINE } from '@clinic/contract/constants';
import { Link } from 'react-router';
import { LogoMark } from './logo-mark';
import styles from './site-header.module.css';

export function SiteHeader() {
  return (
    <div className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          <LogoMark />
          <span className={styles.text}>
            <span className={styles.title}>{PRACTICE_NAME}</span>
            <span className={styles.tagline}>{PRACTICE_TAGLINE}</span>
          </span>
        </Link>
      </div>
    </div>
  );
}
