// /app/settings/sessions: where the account is signed in; end one session or every other one.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { AccountSession } from "~/domain/account";
import { ConfirmForm, ConfirmPanel } from "~/features/settings/confirm-form";
import { panelClass, UnsupportedNotice, useSettingsAnswer } from "~/features/settings/settings-form";
import { settingsPageMeta } from "~/features/settings/settings-paths";
import { settingsStrings } from "~/features/settings/strings";
import { FormAlert } from "~/features/auth/auth-card";
import { pageMeta } from "~/shared/seo/page-meta";
import type { loader } from "~/features/settings/sessions.server";

export { action, loader } from "~/features/settings/sessions.server";

const text = settingsStrings.sessions;

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, settingsPageMeta("sessions"));

function deviceName(session: AccountSession): string {
  return [session.device, session.browser].filter(Boolean).join(", ") || text.unknownDevice;
}

// One fixed zone, so the server's HTML and the hydrated page say the same.
const moscowTime = new Intl.DateTimeFormat("ru-RU", { dateStyle: "medium", timeStyle: "short", timeZone: "Europe/Moscow" });

function lastActive(session: AccountSession): string {
  const at = Date.parse(session.lastActiveAt ?? session.createdAt ?? "");
  return Number.isNaN(at) ? "—" : `${moscowTime.format(at)} МСК`;
}

export default function SessionsSettingsPage() {
  const loaded = useLoaderData<typeof loader>();
  const revokeAnswer = useSettingsAnswer("revoke");
  const othersAnswer = useSettingsAnswer("revokeOthers");
  if (!loaded.supported) return <UnsupportedNotice what={text.unsupportedWhat} />;
  const sessions = loaded.value;
  const asked = sessions.find((session) => session.id === revokeAnswer?.confirm?.sessionId);
  const others = sessions.filter((session) => !session.isCurrent);
  return (
    <>
      <ConfirmPanel
        answer={revokeAnswer}
        question={text.revokeQuestion(asked ? deviceName(asked) : text.unknownDevice)}
        label={text.revoke}
      />
      <ConfirmPanel answer={othersAnswer} question={text.revokeOthersQuestion} label={text.revokeOthers} />
      <section aria-labelledby="sessions-heading" className={panelClass}>
        <h2 id="sessions-heading" className="text-lg font-semibold">
          {text.heading}
        </h2>
        <p className="mt-1 text-sm text-muted">{text.hint}</p>
        <FormAlert message={revokeAnswer?.formError ?? othersAnswer?.formError} />
        <div className="scroll-cue-x mt-4">
          {/* Phones get one block per session instead of four columns that would not fit side by side. */}
          <table className="w-full text-left text-sm max-sm:block">
            <caption className="sr-only">{text.caption}</caption>
            <thead className="max-sm:sr-only">
              <tr className="border-b border-line">
                {[text.device, text.place, text.lastActive, text.actions].map((heading) => (
                  <th key={heading} scope="col" className="py-2 pr-4 font-semibold">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="max-sm:block">
              {sessions.map((session) => (
                <tr
                  key={session.id}
                  className="border-b border-line last:border-0 max-sm:block max-sm:py-2"
                  aria-current={session.isCurrent ? "true" : undefined}
                >
                  <td className="py-3 pr-4 max-sm:block max-sm:py-1">
                    <span className="font-medium">{deviceName(session)}</span>
                    {session.isCurrent ? (
                      <span className="ml-2 inline-block whitespace-nowrap rounded bg-[#2E7D32] px-2 py-0.5 text-xs font-semibold text-white">
                        {text.current}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-3 pr-4 max-sm:block max-sm:py-1">
                    {[session.country, session.ipAddress].filter(Boolean).join(", ") || "—"}
                  </td>
                  <td className="py-3 pr-4 max-sm:block max-sm:py-1">{lastActive(session)}</td>
                  <td className="py-3 max-sm:block max-sm:py-1">
                    {session.isCurrent ? null : (
                      <ConfirmForm
                        intent="revoke"
                        fields={{ sessionId: session.id }}
                        label={text.revoke}
                        accessibleLabel={`${text.revoke}: ${deviceName(session)}, ${lastActive(session)}`}
                        question={text.revokeQuestion(deviceName(session))}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-4">
          {others.length > 0 ? (
            <ConfirmForm intent="revokeOthers" label={text.revokeOthers} question={text.revokeOthersQuestion} />
          ) : (
            <p className="text-sm text-muted">{text.onlyThis}</p>
          )}
        </div>
      </section>
    </>
  );
}
