import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getAccountListReferences, getCollectionReleases } from "~/.server/api/lists";
import { withRouteErrors } from "~/.server/route-errors.server";
import { requireUser } from "~/.server/session.server";
import { COLLECTION_TYPES, DEFAULT_COLLECTION_TYPE, type CollectionType } from "~/domain/account";
import { AccountListPage, skipListActionRevalidation } from "~/features/lists/account-list-page";
import { collectionIcons } from "~/features/lists/collection-icons";
import { ListIcon } from "~/features/lists/list-icons";
import { collectionTypeOf, COLLECTIONS_PATH, type ListView } from "~/features/lists/list-filters";
import { countActiveListFilters, parseAccountListFilters, toCollectionQuery } from "~/features/lists/list-query.server";
import { collectionLabels } from "~/features/lists/collection-labels";
import { loadContinueWatching } from "~/features/progress/continue-watching.server";
import { pageMeta } from "~/features/seo/page-meta";
import { toReleaseCardPage } from "~/domain/release-card";

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  const params = new URL(request.url).searchParams;
  const collection = collectionTypeOf(params);
  const filters = parseAccountListFilters(params, { withSorting: false });
  const [page, references, continueItems] = await withRouteErrors(request, () =>
    Promise.all([getCollectionReleases(request, toCollectionQuery(filters, collection)), getAccountListReferences(request, "collections"), loadContinueWatching(request)]),
  );
  return data({ page: toReleaseCardPage(page), references, filters, collection, continueItems, activeFilterCount: countActiveListFilters(filters) });
}

export const shouldRevalidate = skipListActionRevalidation;

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: "Коллекции", description: "Ваши коллекции релизов.", noindex: true });

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
  const { page, references, filters, collection, continueItems, activeFilterCount } = useLoaderData<typeof loader>();
  return (
    <AccountListPage
      title="Коллекции"
      path={COLLECTIONS_PATH}
      keep={collection === DEFAULT_COLLECTION_TYPE ? {} : { type: collection }}
      page={page}
      references={references}
      filters={filters}
      activeFilterCount={activeFilterCount}
      collection={collection}
      continueItems={continueItems}
      emptyText={`В коллекции «${collectionLabels[collection]}» пока нет релизов.`}
      switcher={<CollectionSwitcher current={collection} view={filters.view} />}
    />
  );
}
