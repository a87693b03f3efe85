// The release page (docs/product.md#routes): heading, actions, parameters, description, tabs as nested routes, side blocks, age confirmation.
import type { MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { imageSource } from "~/domain/image";
import { releaseTitle } from "~/domain/release";
import { adFlagsOf } from "~/domain/ad-slots";
import { AgeGate } from "~/features/release/age-gate";
import { useReleaseProgress } from "~/features/release/episode-progress";
import type { ReleaseOutletContext } from "~/features/release/episode-state";
import { ReleaseHeading } from "~/features/release/release-heading";
import { releasePath } from "~/domain/site-paths";
import { ReleaseJsonLd } from "~/features/release/release-json-ld-script";
import type { loadReleasePage } from "~/features/release/release-page.server";
import { ReleaseSide } from "~/features/release/release-side";
import { ReleaseTabs, tabOfPath } from "~/features/release/release-tabs";
import { releaseStrings } from "~/features/release/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import { useRootData } from "~/shared/root-data";

export { confirmReleaseAge as action, loadReleasePage as loader } from "~/features/release/release-page.server";

/** Tabs and the episodes switches do not need the release again; actions (age, lists) and another release do. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentParams.alias !== nextParams.alias) return defaultShouldRevalidate;
  return false;
};

function shortDescription(text: string | null): string | undefined {
  if (!text) return undefined;
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 157).trimEnd()}…` : flat;
}

export const meta: MetaFunction<typeof loadReleasePage> = (args) => {
  if (!args.data) return pageMeta(args, {});
  const { release } = args.data;
  const title = releaseTitle(release);
  const tab = tabOfPath(args.location.pathname);
  // The episodes are the release's own address; the other tabs are pages of their own.
  const canonical = tab === "episodes" ? releasePath(release.alias) : `${releasePath(release.alias)}/${tab}`;
  return pageMeta(
    { ...args, location: { pathname: canonical } },
    {
      title: tab === "episodes" ? `${title} — ${releaseStrings.pageTitleSuffix}` : `${releaseStrings.tabs[tab]}: ${title}`,
      description: shortDescription(release.description),
      image: imageSource(release.poster) ?? undefined,
      type: "video.tv_show",
    },
  );
};

export default function ReleasePage() {
  const {
    release,
    episodeCount,
    episodeOrder,
    serverResume,
    recommended,
    latestInSchedule,
    lists,
    bell,
    timecodes,
    ageConfirmationNeeded,
    jsonLd,
  } = useLoaderData<typeof loadReleasePage>();
  const root = useRootData();
  const accountId = root?.profile?.id ?? null;
  const progress = useReleaseProgress(accountId, timecodes);
  const outletContext: ReleaseOutletContext = { progress };
  const location = useLocation();
  const showTorrents = !root?.location?.parameters.shouldHideTorrents;
  return (
    <>
      <ReleaseJsonLd json={jsonLd} />
      <AgeGate confirmed={!ageConfirmationNeeded} redirectTo={`${location.pathname}${location.search}`}>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_300px]">
          <div className="min-w-0">
            <ReleaseHeading
              release={release}
              episodeCount={episodeCount}
              episodeOrder={episodeOrder}
              serverResume={serverResume}
              accountId={accountId}
              lists={lists}
              bell={bell}
              progress={progress}
            />
            <ReleaseTabs alias={release.alias} active={tabOfPath(location.pathname)} showTorrents={showTorrents}>
              <Outlet context={outletContext} />
            </ReleaseTabs>
          </div>
          <ReleaseSide
            sponsor={release.sponsor}
            recommended={recommended}
            latestInSchedule={latestInSchedule}
            showAd={adFlagsOf(root?.profile ?? null).contentAds}
          />
        </div>
      </AgeGate>
    </>
  );
}
