import { useId } from 'react';

/** Decorative: the practice's mark drawn large (hills, a rising path, the sun). Hidden from assistive tech. */
export function HeroArt({ className }: { className?: string }) {
  const clipId = useId();
  return (
    <svg className={className} viewBox="0 0 300 300" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id={clipId}>
          <circle cx="150" cy="150" r="140" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${clipId})`}>
        <rect width="300" height="300" fill="#d7e7e8" />
        <circle cx="200" cy="95" r="30" fill="#f2a65a" />
        <path d="M0 210 85 120l45 50 45-65 125 100v95H0Z" fill="#0b5560" />
        <path d="M0 240 100 180l60 38 50-30 90 50v62H0Z" fill="#11707b" />
        <path
          d="M40 262c30-18 58-32 88-34s48 8 76-10 40-40 58-56"
          fill="none"
          stroke="#ffffff"
          strokeWidth="5"
          strokeLinecap="round"
          strokeDasharray="2 14"
        />
      </g>
    </svg>
  );
}
