import { PathLink } from "~/components/path-link";
import { ru } from "~/i18n/ru";

export function SiteLogo({ siteName }: { siteName: string }) {
  return (
    <PathLink to="/" className="flex shrink-0 items-center gap-2 font-bold" aria-label={`${siteName} — ${ru.site.logoLabel}`}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="h-8 w-8">
        <rect width="32" height="32" rx="8" fill="#FE3635" />
        <path d="M9 23 16 8l7 15M12 18h8" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" fill="none" />
      </svg>
      <span className="text-lg">{siteName}</span>
    </PathLink>
  );
}
