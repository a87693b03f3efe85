// The franchise list and one franchise's page.
import { z } from "zod";
import type { RequestArgs } from "~/.server/load-context.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { assertSinglePageList } from "~/shared/paging/page-exists.server";
import { inWatchOrder } from "./franchise-summary";

const FranchiseParamsSchema = z.object({ franchiseId: z.string().regex(/^[0-9A-Za-z-]{1,64}$/) });

export function loadFranchiseList(args: RequestArgs) {
  assertSinglePageList(args.request);
  return withRouteErrors(args.request, async () => {
    const franchises = await args.context.api.franchises.list();
    return { franchises: franchises.sort((a, b) => a.name.localeCompare(b.name, "ru")) };
  });
}

export function loadFranchisePage(args: RequestArgs & { params: Record<string, string | undefined> }) {
  const parsed = FranchiseParamsSchema.safeParse(args.params);
  if (!parsed.success) throwPageNotFound(args.request);
  assertSinglePageList(args.request);
  return withRouteErrors(args.request, async () => {
    const franchise = await args.context.api.franchises.get(parsed.data.franchiseId);
    return { franchise: { ...franchise, releases: inWatchOrder(franchise.releases) } };
  });
}
