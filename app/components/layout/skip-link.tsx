import { ru } from "~/i18n/ru";

export function SkipLink() {
  return (
    <a href="#main" className="skip-link rounded-md bg-primary px-4 py-2 font-semibold text-page">
      {ru.site.skipToContent}
    </a>
  );
}
