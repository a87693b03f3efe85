import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AccountListPage, skipListActionRevalidation } from "~/features/lists/account-list-page";
import { scheduleCalendarPath } from "~/domain/site-paths";
import { AddToCalendar } from "~/features/calendar/add-to-calendar";
import { calendarMenuStrings, calendarNames } from "~/features/calendar/strings";
import { FAVORITES_PATH } from "~/features/lists/list-filters";
import { loadFavoritesPage } from "~/features/lists/list-pages.server";
import { pageMeta } from "~/shared/seo/page-meta";

export const loader = (args: LoaderFunctionArgs) => loadFavoritesPage(args);

export const shouldRevalidate = skipListActionRevalidation;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: "Избранное", description: "Ваши избранные релизы.", noindex: true });

export default function FavoritesPage() {
  const { page, firstPage, references, filters, searchedAs, continueItems, activeFilterCount, calendarIds } =
    useLoaderData<typeof loader>();
  return (
    <AccountListPage
      title="Избранное"
      path={FAVORITES_PATH}
      keep={{}}
      page={page}
      firstPage={firstPage}
      references={references}
      filters={filters}
      searchedAs={searchedAs}
      activeFilterCount={activeFilterCount}
      collection={null}
      continueItems={continueItems}
      switcher={
        calendarIds.length > 0 ? (
          <div className="mb-4">
            <AddToCalendar
              feedPath={scheduleCalendarPath(calendarIds)}
              name={calendarNames.favorites}
              label={calendarMenuStrings.addFavoritesToCalendar}
            />
          </div>
        ) : null
      }
      emptyText="Добавляйте релизы в избранное кнопкой «В избранное» на их страницах."
    />
  );
}
