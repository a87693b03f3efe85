// The members tab: who voiced, timed, translated and decorated the release.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getReleaseMembers } from "~/.server/api/releases";
import { withRouteErrors } from "~/.server/route-errors.server";
import { MembersTab } from "~/features/release/members-tab";
import { loadRelease } from "~/features/release/release-page.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const release = await loadRelease(request, params);
  return { members: await withRouteErrors(request, () => getReleaseMembers(request, release.id)) };
}

export default function ReleaseMembers() {
  return <MembersTab members={useLoaderData<typeof loader>().members} />;
}
