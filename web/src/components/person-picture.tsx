import { type CSSProperties, useState } from 'react';
import styles from './person-picture.module.css';

/** Brand colours for initials avatars: white text on each meets WCAG AA. */
const AVATAR_COLOURS = ['#0b5560', '#3d6f8e', '#5b7a3a', '#8a5a2b', '#a8503c', '#5d4a86'] as const;

/** 'Maya Lindqvist' -> 'ML', 'Zoë' -> 'Z', 'Ng Thị Ánh' -> 'NÁ'; '' -> '?' (letters, not code units). */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/)
    .filter((w) => /\p{L}/u.test(w));
  if (words.length === 0) return '?';
  const first = (word: string) => (Array.from(word.replace(/^[^\p{L}]+/u, ''))[0] ?? '').toLocaleUpperCase();
  return words.length === 1 ? first(words[0]!) : `${first(words[0]!)}${first(words[words.length - 1]!)}`;
}

/** The same person always gets the same colour. */
export function avatarColour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}

interface PersonPictureProps {
  /** The picture's URL; '' (or one that fails to load) shows the initials instead. */
  src: string;
  /** The person's name, for the initials and the colour. */
  name: string;
  /** '' when the picture is decorative (the name is next to it). */
  alt: string;
  className?: string;
  width: number;
  height: number;
  loading?: 'lazy' | 'eager';
}

/**
 * A person's picture, or when they have none (or it fails to load) their initials on a brand colour: a
 * designed placeholder instead of a grey silhouette (issue 14).
 */
export function PersonPicture({ src, name, alt, className, width, height, loading }: PersonPictureProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (src && failedSrc !== src) {
    return (
      <img
        className={className}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={loading}
        onError={() => setFailedSrc(src)}
      />
    );
  }
  const label = alt ? `${alt} (initials ${initialsOf(name)})` : undefined;
  return (
    <svg
      className={[styles.avatar, className ?? ''].filter(Boolean).join(' ')}
      viewBox="0 0 120 120"
      preserveAspectRatio="xMidYMid slice"
      width={width}
      height={height}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      style={{ '--avatar-colour': avatarColour(name) } as CSSProperties}
    >
      <rect x="-60" y="-60" width="240" height="240" className={styles.background} />
      <circle cx="96" cy="22" r="34" className={styles.halo} />
      <text x="60" y="60" dominantBaseline="central" textAnchor="middle" className={styles.initials}>
        {initialsOf(name)}
      </text>
    </svg>
  );
}
