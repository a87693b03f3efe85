// The franchises tab: the release's franchises with their releases in order.
import { useLoaderData } from "@remix-run/react";
import { FranchisesTab } from "~/features/release/franchises-tab";
import type { loadFranchisesTab } from "~/features/release/release-tabs.server";

export { loadFranchisesTab as loader } from "~/features/release/release-tabs.server";

export default function ReleaseFranchises() {
  const { franchises, releaseId } = useLoaderData<typeof loadFranchisesTab>();
  return <FranchisesTab franchises={franchises} currentReleaseId={releaseId} />;
}
