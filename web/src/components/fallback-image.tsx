import { type ImgHTMLAttributes, useState } from 'react';

interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> {
  src: string;
  /** Shown instead when src is empty or fails to load (spec §9 default images). */
  fallback: string;
  alt: string;
}

/** An <img> that falls back to a default picture when its own is missing or broken, once (no error loop). */
export function FallbackImage({ src, fallback, alt, ...props }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const shown = !src || failedSrc === src ? fallback : src;
  return (
    <img
      {...props}
      src={shown}
      alt={alt}
      onError={() => {
        if (shown !== fallback) setFailedSrc(src);
      }}
    />
  );
}
