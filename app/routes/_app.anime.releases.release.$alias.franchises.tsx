// The franchises tab: the release's franchises with their releases in order.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getReleaseFranchises } from "~/.server/api/franchises";
import { withRouteErrors } from "~/.server/route-errors.server";
import { FranchisesTab } from "~/features/release/franchises-tab";
import { loadRelease } from "~/features/release/release-page.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const release = await loadRelease(request, params);
  return { franchises: await withRouteErrors(request, () => getReleaseFranchises(request, release.id)), releaseId: release.id };
}

export default function ReleaseFranchises() {
  const { franchises, releaseId } = useLoaderData<typeof loader>();
  return <FranchisesTab franchises={franchises} currentReleaseId={releaseId} />;
}
