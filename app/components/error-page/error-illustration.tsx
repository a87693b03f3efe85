/** A decorative broken-screen drawing for the error page (150 px on mobile, 250 px otherwise). */
export function ErrorIllustration() {
  return (
    <svg viewBox="0 0 120 120" aria-hidden="true" className="h-[150px] w-[150px] md:h-[250px] md:w-[250px]" fill="none">
      <rect x="14" y="22" width="92" height="64" rx="8" stroke="currentColor" strokeWidth="4" opacity="0.85" />
      <path d="M46 98h28M60 86v12" stroke="currentColor" strokeWidth="4" strokeLinecap="round" opacity="0.85" />
      <path d="M58 22 50 44l14 8-10 20 8 14" stroke="#FE3635" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="38" cy="48" r="4" fill="currentColor" />
      <circle cx="82" cy="48" r="4" fill="currentColor" />
      <path d="M36 68c6-6 18-6 24 0" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
