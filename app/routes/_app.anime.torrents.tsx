import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LoadMore } from "~/shared/paging/load-more";
import { PageLinks } from "~/shared/paging/page-links";
import { useAppendingList } from "~/shared/paging/use-appending-list";
import { imageSource } from "~/domain/image";
import type { Page } from "~/domain/pagination";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import { TorrentTable, type TorrentRow } from "~/features/torrents/torrent-table";
import type { loadTorrentsPage } from "~/features/torrents/torrents-feed.server";
import { useRootData } from "~/shared/root-data";

const strings = sectionStrings.torrents;

export { loadTorrentsPage as loader } from "~/features/torrents/torrents-feed.server";

export const meta: MetaFunction<typeof loadTorrentsPage> = (args) => {
  const poster = args.data?.page?.items.find((torrent) => torrent.release)?.release?.poster;
  return pageMeta(args, {
    title: strings.title,
    description: strings.description,
    image: poster ? (imageSource(poster) ?? undefined) : undefined,
  });
};

export default function TorrentsPage() {
  const feed = useLoaderData<typeof loadTorrentsPage>();
  const root = useRootData();
  const hidden = feed.hidden || root?.location?.parameters.shouldHideTorrents === true;
  return (
    <>
      <SectionHeading title={strings.title} lead={hidden ? undefined : strings.lead} />
      {hidden || !feed.page ? <TorrentsHidden /> : <TorrentFeed page={feed.page} />}
    </>
  );
}

function TorrentFeed({ page }: { page: Page<TorrentRow> }) {
  const list = useAppendingList(page);
  if (list.items.length === 0) return <p className="text-muted">{strings.empty}</p>;
  return (
    <>
      <TorrentTable torrents={list.items} />
      <LoadMore href={list.nextPageHref} loading={list.loading} onLoadMore={list.loadMore} />
      <PageLinks pagination={list.pagination} label={`${strings.title}: страницы`} />
    </>
  );
}

function TorrentsHidden() {
  return (
    <section aria-labelledby="torrents-hidden" className="rounded-lg bg-surface p-6">
      <h2 id="torrents-hidden" className="text-lg font-semibold">
        {strings.hiddenTitle}
      </h2>
      <p className="mt-2 max-w-2xl text-muted">{strings.hiddenText}</p>
      <Link to="/anime/catalog/" className="mt-4 inline-block font-semibold underline underline-offset-4">
        {strings.toCatalog}
      </Link>
    </section>
  );
}
