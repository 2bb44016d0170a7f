import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'accent';

interface StyleProps {
  variant?: ButtonVariant;
  /** Full width of its container. */
  block?: boolean;
}

function classNames(variant: ButtonVariant, block: boolean, extra?: string): string {
  return [styles.button, styles[variant], block ? styles.block : '', extra ?? ''].filter(Boolean).join(' ');
}

export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  ...props
}: StyleProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={classNames(variant, block, className)} {...props} />;
}

/** An in-app link that looks like a button (calls to action). */
export function ButtonLink({
  variant = 'primary',
  block = false,
  className,
  ...props
}: StyleProps & LinkProps) {
  return <Link className={classNames(variant, block, className)} {...props} />;
}
