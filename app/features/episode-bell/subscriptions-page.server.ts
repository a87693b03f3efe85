// «Мои подписки»: the bells of this account (or this browser), each with a way to turn it off (decision 0284).
import { data } from "@remix-run/node";
import { z } from "zod";
import type { RequestArgs } from "~/.server/load-context.server";
import { bellOwnerOf } from "~/.server/notifications/bell-owner.server";
import { bellsOf } from "~/.server/notifications/bells.server";
import { deviceCountOf } from "~/.server/notifications/push-subscriptions.server";
import { isTimeZone, saveQuietHours, viewerSettingsOf } from "~/.server/notifications/viewer-settings.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { clientAddress, createRateLimiter } from "~/.server/security/rate-limit.server";
import { redirectWithToast } from "~/.server/toast.server";
import { SUBSCRIPTIONS_PATH } from "~/domain/episode-bell";
import { assertSinglePageList } from "~/shared/paging/page-exists.server";
import { bellStrings } from "./strings";

const quietHoursLimiter = createRateLimiter({ name: "quiet-hours", limit: 20, windowMs: 60_000, maxKeys: 10_000 });
/** The zone quiet hours are in until the viewer names theirs: the site's audience's. */
const DEFAULT_TIME_ZONE = "Europe/Moscow";

function clockOf(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

export async function loadSubscriptionsPage(args: RequestArgs) {
  assertSinglePageList(args.request);
  const owner = await withRouteErrors(args.request, () => bellOwnerOf(args.request, args.context.api));
  const [bells, settings, devices] = owner
    ? await withRouteErrors(args.request, () => Promise.all([bellsOf(owner), viewerSettingsOf(owner), deviceCountOf(owner)]))
    : [[], null, 0];
  return {
    quietHours: {
      from: settings?.quiet ? clockOf(settings.quiet.fromMinute) : "",
      to: settings?.quiet ? clockOf(settings.quiet.toMinute) : "",
      timeZone: settings?.timeZone ?? DEFAULT_TIME_ZONE,
    },
    bells: bells.map(({ releaseId, mode, alias, title }) => ({ releaseId, mode, alias, title })),
    devices,
    signedIn: args.context.api.signedIn,
  };
}

const ClockSchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .transform((text) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5)));

export const QuietHoursFormSchema = z.object({
  quietFrom: z.union([ClockSchema, z.literal("").transform(() => null)]),
  quietTo: z.union([ClockSchema, z.literal("").transform(() => null)]),
  timeZone: z.string().trim().refine(isTimeZone),
});

/** Quiet hours: a plain form, back to the page with a toast; empty times turn them off. */
export async function saveQuietHoursAction(args: RequestArgs) {
  const { request } = args;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (!(await quietHoursLimiter.hit(clientAddress(args.context))).allowed) throw data(bellStrings.tooFast, { status: 429, headers });
  const form = await request.formData().catch(() => new FormData());
  const parsed = QuietHoursFormSchema.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) throw data(bellStrings.quietHours.invalid, { status: 400, headers });
  const owner = await withRouteErrors(request, () => bellOwnerOf(request, args.context.api));
  if (!owner) throw data(bellStrings.quietHours.noBells, { status: 400, headers });
  const { quietFrom, quietTo, timeZone } = parsed.data;
  const off = quietFrom === null || quietTo === null || quietFrom === quietTo;
  await saveQuietHours(owner, { timeZone, fromMinute: off ? 0 : quietFrom, toMinute: off ? 0 : quietTo });
  return redirectWithToast(
    SUBSCRIPTIONS_PATH,
    { kind: "success", message: off ? bellStrings.quietHours.off : bellStrings.quietHours.saved },
    { status: 303, headers },
  );
}
