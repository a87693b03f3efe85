import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getAccountListReferences, getFavoriteReleases } from "~/.server/api/lists";
import { withRouteErrors } from "~/.server/route-errors.server";
import { requireUser } from "~/.server/session.server";
import { AccountListPage, skipListActionRevalidation } from "~/features/lists/account-list-page";
import { FAVORITES_PATH } from "~/features/lists/list-filters";
import { countActiveListFilters, parseAccountListFilters, toFavoritesQuery } from "~/features/lists/list-query.server";
import { loadContinueWatching } from "~/features/progress/continue-watching.server";
import { pageMeta } from "~/features/seo/page-meta";
import { toReleaseCardPage } from "~/domain/release-card";

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  const filters = parseAccountListFilters(new URL(request.url).searchParams, { withSorting: true });
  const [page, references, continueItems] = await withRouteErrors(request, () =>
    Promise.all([getFavoriteReleases(request, toFavoritesQuery(filters)), getAccountListReferences(request, "favorites"), loadContinueWatching(request)]),
  );
  return data({ page: toReleaseCardPage(page), references, filters, continueItems, activeFilterCount: countActiveListFilters(filters) });
}

export const shouldRevalidate = skipListActionRevalidation;

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: "Избранное", description: "Ваши избранные релизы.", noindex: true });

export default function FavoritesPage() {
  const { page, references, filters, continueItems, activeFilterCount } = useLoaderData<typeof loader>();
  return (
    <AccountListPage
      title="Избранное"
      path={FAVORITES_PATH}
      keep={{}}
      page={page}
      references={references}
      filters={filters}
      activeFilterCount={activeFilterCount}
      collection={null}
      continueItems={continueItems}
      emptyText="Добавляйте релизы в избранное кнопкой «В избранное» на их страницах."
    />
  );
}
