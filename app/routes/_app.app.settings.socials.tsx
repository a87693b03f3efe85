// /app/settings/socials: which social accounts sign in to this account; link one or unlink it.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { socialProviderNames } from "~/features/auth/strings";
import { FormAlert } from "~/features/auth/auth-card";
import { ConfirmForm, ConfirmPanel } from "~/features/settings/confirm-form";
import { buttonClass, panelClass, UnsupportedNotice, useSettingsAnswer } from "~/features/settings/settings-form";
import { settingsPageMeta, socialLinkStartPath } from "~/features/settings/settings-paths";
import { settingsStrings } from "~/features/settings/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import type { loader } from "~/features/settings/socials.server";

export { action, loader } from "~/features/settings/socials.server";
import type { SocialProvider } from "~/domain/account";

const text = settingsStrings.socials;

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, settingsPageMeta("socials"));

export default function SocialsSettingsPage() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useSettingsAnswer("unlink");
  if (!loaded.supported) return <UnsupportedNotice what={text.unsupportedWhat} />;
  const asked = answer?.confirm?.provider as SocialProvider | undefined;
  const askedName = asked && asked in socialProviderNames ? socialProviderNames[asked] : "";
  return (
    <>
      <ConfirmPanel answer={answer} question={text.unlinkQuestion(askedName)} label={text.unlink} />
      <section aria-labelledby="socials-heading" className={panelClass}>
        <h2 id="socials-heading" className="text-lg font-semibold">
          {text.heading}
        </h2>
        <p className="mt-1 text-sm text-muted">{text.hint}</p>
        <FormAlert message={answer?.formError} />
        <ul className="mt-4 divide-y divide-line">
          {loaded.value.map((link) => (
            <li key={link.provider} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <p className="font-medium">{link.name}</p>
                <p className="text-sm text-muted">{link.isLinked ? text.linked(link.identity) : text.notLinked}</p>
              </div>
              {link.isLinked ? (
                <ConfirmForm
                  intent="unlink"
                  fields={{ provider: link.provider }}
                  label={text.unlink}
                  accessibleLabel={`${text.unlink} ${link.name}`}
                  question={text.unlinkQuestion(link.name)}
                />
              ) : (
                // A link, not a form: the start redirects to the provider's site, which the CSP's form-action forbids.
                <a
                  href={socialLinkStartPath(link.provider)}
                  aria-label={`${text.link} ${link.name}`}
                  className={`${buttonClass} inline-flex items-center text-sm`}
                >
                  {text.link}
                </a>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
