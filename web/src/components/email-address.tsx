import styles from './email-address.module.css';

/**
 * An e-mail address that wraps where a reader expects it to on a narrow screen: after the @, and within the
 * name or the domain only when one of them is wider than the line by itself.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return <span className={styles.email}>{address}</span>;
  return (
    <span className={styles.email}>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </span>
  );
}
