import { PathLink } from "~/components/path-link";
import { ru } from "~/i18n/ru";

const FOOTER_START_YEAR = 2012;

type FooterProps = { siteName: string; contactEmail: string; abuseEmail: string; year?: number };

/** The disclaimers every page ends with, the error page included (docs/product.md#ui). */
export function FooterDisclaimers({ siteName, contactEmail, abuseEmail, year = new Date().getFullYear() }: FooterProps) {
  return (
    <div className="mx-auto flex max-w-screen-xl flex-col gap-2 text-sm text-muted">
      <p>{ru.footer.disclaimer}</p>
      <p>
        {ru.footer.advertising}{" "}
        <a className="underline hover:text-ink" href={`mailto:${contactEmail}`}>
          {contactEmail}
        </a>
      </p>
      <p>
        {ru.footer.copyright}{" "}
        <a className="underline hover:text-ink" href={`mailto:${abuseEmail}`}>
          {abuseEmail}
        </a>
      </p>
      <p className="font-semibold text-ink">
        {siteName} © {FOOTER_START_YEAR}–{year}
      </p>
    </div>
  );
}

const footerLinks = [
  { to: "/teams", label: ru.nav.teams },
  { to: "/rules", label: ru.nav.rules },
  { to: "/support", label: ru.nav.support },
  { to: "/app/sitemap", label: ru.nav.sitemap },
];

export function SiteFooter(props: FooterProps) {
  return (
    <footer className="mt-12 border-t border-line px-4 py-8">
      <nav aria-label="Информация о сайте" className="mx-auto mb-4 flex max-w-screen-xl flex-wrap gap-x-6 gap-y-2 text-sm">
        {footerLinks.map((link) => (
          <PathLink key={link.to} to={link.to} className="inline-block py-0.5 text-muted hover:text-ink" prefetch="intent">
            {link.label}
          </PathLink>
        ))}
      </nav>
      <FooterDisclaimers {...props} />
    </footer>
  );
}
