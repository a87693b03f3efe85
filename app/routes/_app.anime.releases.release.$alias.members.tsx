// The members tab: who voiced, timed, translated and decorated the release.
import { useLoaderData } from "@remix-run/react";
import { MembersTab } from "~/features/release/members-tab";
import type { loadMembersTab } from "~/features/release/release-tabs.server";

export { loadMembersTab as loader } from "~/features/release/release-tabs.server";

export default function ReleaseMembers() {
  return <MembersTab members={useLoaderData<typeof loadMembersTab>().members} />;
}
