import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { COLLECTION_TYPES, DEFAULT_COLLECTION_TYPE, type CollectionType } from "~/domain/account";
import { AccountListPage, skipListActionRevalidation } from "~/features/lists/account-list-page";
import { collectionIcons } from "~/features/lists/collection-icons";
import { ListIcon } from "~/features/lists/list-icons";
import { COLLECTIONS_PATH, type ListView } from "~/features/lists/list-filters";
import { collectionLabels } from "~/features/lists/collection-labels";
import { loadCollectionsPage } from "~/features/lists/list-pages.server";
import { pageMeta } from "~/shared/seo/page-meta";

export const loader = (args: LoaderFunctionArgs) => loadCollectionsPage(args);

export const shouldRevalidate = skipListActionRevalidation;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: "Коллекции", description: "Ваши коллекции релизов.", noindex: true });

/** The type switcher: plain links, so it works without JavaScript; a new type starts from its first page with no filters. */
function CollectionSwitcher({ current, view }: { current: CollectionType; view: ListView }) {
  return (
    <nav aria-label="Тип коллекции" className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {COLLECTION_TYPES.map((type) => {
          const params = new URLSearchParams();
          if (type !== DEFAULT_COLLECTION_TYPE) params.set("type", type);
          if (view === "list") params.set("view", view);
          const query = params.toString();
          return (
            <li key={type}>
              <Link
                to={query ? `${COLLECTIONS_PATH}?${query}` : COLLECTIONS_PATH}
                aria-current={type === current ? "page" : undefined}
                className="inline-flex items-center gap-2 rounded-full border border-line px-3 py-1.5 text-sm font-semibold hover:bg-surface-raised aria-[current]:border-primary aria-[current]:bg-primary aria-[current]:text-page"
              >
                <ListIcon path={collectionIcons[type]} />
                {collectionLabels[type]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function CollectionsPage() {
  const { page, firstPage, references, filters, searchedAs, collection, continueItems, activeFilterCount } = useLoaderData<typeof loader>();
  return (
    <AccountListPage
      title="Коллекции"
      path={COLLECTIONS_PATH}
      keep={collection === DEFAULT_COLLECTION_TYPE ? {} : { type: collection }}
      page={page}
      firstPage={firstPage}
      references={references}
      filters={filters}
      searchedAs={searchedAs}
      activeFilterCount={activeFilterCount}
      collection={collection}
      continueItems={continueItems}
      emptyText={`В коллекции «${collectionLabels[collection]}» пока нет релизов.`}
      switcher={<CollectionSwitcher current={collection} view={filters.view} />}
    />
  );
}
