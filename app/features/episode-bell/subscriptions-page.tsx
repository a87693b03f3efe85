// «Мои подписки»: one row per title with its bell's state and «Отписаться» (a plain form; decision 0284).
import { Link, useLocation } from "@remix-run/react";
import { BELL_ACTION_PATH, SUBSCRIPTIONS_PATH, type BellMode } from "~/domain/episode-bell";
import { releasePath } from "~/domain/site-paths";
import { SectionHeading } from "~/features/sections/section-heading";
import { formatNumber } from "~/i18n/number";
import { BellIcon } from "./bell-icon";
import { bellStrings } from "./strings";

export type SubscriptionRow = { releaseId: number; mode: Exclude<BellMode, "off">; alias: string; title: string };

export type QuietHoursShown = { from: string; to: string; timeZone: string };

function QuietHoursForm({ quietHours }: { quietHours: QuietHoursShown }) {
  const strings = bellStrings.quietHours;
  const fieldClass = "h-10 rounded-md border border-line bg-surface px-3 text-sm";
  return (
    <section aria-labelledby="quiet-hours" className="mt-8 space-y-3">
      <h2 id="quiet-hours" className="text-lg font-semibold">
        {strings.title}
      </h2>
      <p className="text-sm text-muted">{strings.lead}</p>
      <form method="post" action={`${SUBSCRIPTIONS_PATH}?index`} className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm">
          {strings.from}
          <input type="time" name="quietFrom" defaultValue={quietHours.from} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {strings.to}
          <input type="time" name="quietTo" defaultValue={quietHours.to} className={fieldClass} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          {strings.timeZone}
          <input name="timeZone" defaultValue={quietHours.timeZone} required maxLength={64} className={fieldClass} />
        </label>
        <button
          type="submit"
          className="inline-flex h-10 items-center rounded-md bg-[#C62828] px-5 text-sm font-semibold text-white hover:opacity-90"
        >
          {strings.save}
        </button>
      </form>
    </section>
  );
}

export function SubscriptionsPage({
  bells,
  devices,
  quietHours,
}: {
  bells: SubscriptionRow[];
  devices: number;
  quietHours: QuietHoursShown;
}) {
  const location = useLocation();
  const strings = bellStrings.subscriptions;
  return (
    <>
      <SectionHeading title={strings.title} lead={strings.description} />
      <p className="mb-4 text-sm text-muted" data-subscription-devices={devices}>
        {devices > 0 ? strings.devices(formatNumber(devices)) : strings.noDevices}
      </p>
      {bells.length === 0 ? (
        <p className="text-muted" data-subscriptions-empty="">
          {strings.empty}
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-md border border-line" aria-label={strings.title}>
          {bells.map((bell) => (
            <li key={bell.releaseId} className="flex flex-wrap items-center gap-3 px-4 py-3" data-subscription={bell.releaseId}>
              <BellIcon on className="h-5 w-5 shrink-0 text-secondary" />
              <div className="min-w-0 flex-1">
                <Link to={releasePath(bell.alias)} className="font-semibold hover:underline">
                  {bell.title}
                </Link>
                <p className="text-sm text-muted">{bellStrings.modes[bell.mode]}</p>
              </div>
              <form method="post" action={BELL_ACTION_PATH}>
                <input type="hidden" name="releaseId" value={bell.releaseId} />
                <input type="hidden" name="mode" value="off" />
                <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
                <button
                  type="submit"
                  className="inline-flex h-10 items-center rounded-md border border-line px-4 text-sm hover:bg-surface-raised"
                >
                  {strings.turnOff}
                  <span className="sr-only">: {bell.title}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
      {bells.length > 0 ? <QuietHoursForm quietHours={quietHours} /> : null}
    </>
  );
}
