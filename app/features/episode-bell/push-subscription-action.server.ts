// This device's push subscription, sent by the bell's script after the browser allowed notifications (decision
// 0284). JSON in, JSON out; every refusal a 4xx with a Russian message; nothing of the subscription is logged.
import { z } from "zod";
import type { RequestArgs } from "~/.server/load-context.server";
import { logWarn } from "~/.server/log.server";
import { newVisitorId, visitorCookieHeader, visitorIdOf } from "~/.server/notifications/bell-owner.server";
import { addSubscription, MAX_DEVICES_PER_OWNER, PushSubscriptionSchema } from "~/.server/notifications/push-subscriptions.server";
import { isTimeZone, saveTimeZone } from "~/.server/notifications/viewer-settings.server";
import { clientAddress, createRateLimiter } from "~/.server/security/rate-limit.server";
import type { BellOwner } from "~/domain/episode-bell";
import { NEW_VISITOR_RATE_LIMIT } from "./bell-action.server";
import { bellStrings } from "./strings";

const SUBSCRIPTION_RATE_LIMIT = { name: "push-subscription", limit: 20, windowMs: 60_000, maxKeys: 10_000 } as const;
const subscriptionLimiter = createRateLimiter(SUBSCRIPTION_RATE_LIMIT);
const newVisitorLimiter = createRateLimiter({ ...NEW_VISITOR_RATE_LIMIT, name: "push-visitor" });

const SubscriptionFormSchema = PushSubscriptionSchema.extend({
  timeZone: z.string().refine(isTimeZone).optional(),
});

type Answer = { ok: boolean; message: string };

/** A plain JSON answer: the bell's script calls this address with fetch, not through Remix. */
function answer(status: number, message: string, headers: Headers): Response {
  return Response.json({ ok: status < 300, message } satisfies Answer, { status, headers });
}

export async function pushSubscriptionAction(args: RequestArgs) {
  const { request } = args;
  const { api } = args.context;
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  const address = clientAddress(args.context);
  if (!(await subscriptionLimiter.hit(address)).allowed) return answer(429, bellStrings.tooFast, headers);
  const form = await request.formData().catch(() => new FormData());
  const parsed = SubscriptionFormSchema.safeParse(Object.fromEntries(form.entries()));
  if (!parsed.success) return answer(400, bellStrings.pushRefused, headers);
  let owner: BellOwner;
  if (api.signedIn) {
    const profile = await api.profile.get();
    owner = { kind: "account", accountId: profile.id };
  } else {
    let visitorId = visitorIdOf(request);
    if (!visitorId) {
      if (!(await newVisitorLimiter.hit(address)).allowed) return answer(429, bellStrings.tooFast, headers);
      visitorId = newVisitorId();
      headers.append("Set-Cookie", visitorCookieHeader(visitorId));
    }
    owner = { kind: "visitor", visitorId };
  }
  const { timeZone, ...subscription } = parsed.data;
  try {
    const added = await addSubscription(owner, subscription, address);
    if (!added.ok) {
      return added.reason === "too-many-for-owner"
        ? answer(409, bellStrings.tooManyDevices(MAX_DEVICES_PER_OWNER), headers)
        : answer(429, bellStrings.tooFast, headers);
    }
    if (timeZone) await saveTimeZone(owner, timeZone);
  } catch (error) {
    // The store out of reach (Redis down or full): the device may try again in a moment. Nothing of it is logged.
    logWarn("push subscription not stored", { error: error instanceof Error ? error.name : "unknown" });
    return answer(503, bellStrings.failed, headers);
  }
  return answer(201, bellStrings.pushOn, headers);
}
