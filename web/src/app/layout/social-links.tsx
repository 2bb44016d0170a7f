import styles from './top-bar.module.css';

interface SocialLink {
  name: string;
  href: string;
  /** Path data on a 24 x 24 grid. */
  icon: string;
}

const SOCIAL_LINKS: readonly SocialLink[] = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    icon: 'M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4V10.5H8v3h2.5V21Z',
  },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    icon: 'M12 7.3a4.7 4.7 0 1 0 0 9.4 4.7 4.7 0 0 0 0-9.4Zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm4.9-8.9a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2ZM12 3c-2.4 0-2.7 0-3.7.1-3.3.1-5.1 2-5.2 5.2C3 9.3 3 9.6 3 12s0 2.7.1 3.7c.1 3.3 2 5.1 5.2 5.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c3.3-.1 5.1-2 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.1-3.3-2-5.1-5.2-5.2C14.7 3 14.4 3 12 3Zm0 1.6c2.4 0 2.7 0 3.6.1 2.4.1 3.6 1.3 3.7 3.7.1.9.1 1.2.1 3.6s0 2.7-.1 3.6c-.1 2.4-1.3 3.6-3.7 3.7-.9.1-1.2.1-3.6.1s-2.7 0-3.6-.1c-2.4-.1-3.6-1.3-3.7-3.7-.1-.9-.1-1.2-.1-3.6s0-2.7.1-3.6c.1-2.4 1.3-3.6 3.7-3.7.9-.1 1.2-.1 3.6-.1Z',
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    icon: 'M4.98 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM3.3 9h3.4v11H3.3Zm5.5 0h3.2v1.5h.1c.5-.9 1.6-1.8 3.4-1.8 3.6 0 4.2 2.3 4.2 5.4V20h-3.4v-5.2c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V20H8.8Z',
  },
];

export function SocialLinks() {
  return (
    <ul className={styles.social}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.name}>
          <a className={styles.socialLink} href={link.href} target="_blank" rel="noopener noreferrer">
            <span className="visually-hidden">{link.name} (opens in a new tab)</span>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d={link.icon} fill="currentColor" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
