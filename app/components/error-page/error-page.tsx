import { ru } from "~/i18n/ru";
import { FooterDisclaimers } from "~/components/layout/site-footer";
import type { ErrorDescription } from "./describe-error";
import { ErrorIllustration } from "./error-illustration";

type ErrorPageProps = { error: ErrorDescription; contacts: { contactEmail: string; abuseEmail: string; siteName: string } };

export function ErrorPage({ error, contacts }: ErrorPageProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <main id="main" className="flex flex-1 flex-col items-center justify-center gap-6 px-4 py-12 text-center">
        <ErrorIllustration />
        <h1 className="text-[4rem] font-bold leading-none md:text-[6rem]">{error.title}</h1>
        <p className="max-w-xl text-lg text-muted">{error.message}</p>
        {error.upstreamText ? <p className="max-w-xl text-sm text-muted">{error.upstreamText}</p> : null}
        {/* A full document load: the app state that failed is not reused. */}
        <a href="/" className="rounded-md bg-primary px-6 py-3 font-semibold text-page hover:opacity-90">
          {ru.errors.toHome}
        </a>
      </main>
      <footer className="border-t border-line px-4 py-6">
        <FooterDisclaimers {...contacts} />
      </footer>
    </div>
  );
}
