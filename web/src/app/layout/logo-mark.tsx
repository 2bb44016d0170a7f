/** The practice's mark: a teal circle with a rising path (movement, recovery) and a warm sun. */
export function LogoMark({ size = 48 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill="#0b5560" />
      <circle cx="31" cy="16" r="5" fill="#f2a65a" />
      <path d="M7 35 17 23l6 7 6-9 12 14Z" fill="#e6f2f2" />
      <path d="M7 35 17 23l6 7" fill="none" stroke="#ffffff" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}
