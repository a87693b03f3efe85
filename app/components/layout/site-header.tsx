import { SUBSCRIPTIONS_PATH } from "~/domain/episode-bell";
import { Form, useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { PathLink } from "~/components/path-link";
import type { Theme } from "~/domain/preferences";
import { downloadsPath } from "~/domain/site-paths";
import { ru } from "~/i18n/ru";
import { ThemeSwitch } from "~/components/theme-switch";
import { closeMenu } from "~/components/dismiss-menu";
import { isInSection, sectionLinks } from "./navigation-links";
import { SiteLogo } from "./site-logo";

export type HeaderUser = {
  nickname: string;
  avatarUrl: string | null;
  /** Releases with episodes newer than the viewer watched, when recently counted; null when not known. */
  newEpisodes: number | null;
};

type SiteHeaderProps = { siteName: string; theme: Theme; user: HeaderUser | null };

/** The site's sections, the one shown marked as current. */
function SectionLinks({ shownPathname, prefetch }: { shownPathname: string; prefetch?: "intent" }) {
  return sectionLinks.map((link) => {
    const current = isInSection(shownPathname, link.to);
    return (
      <PathLink
        key={link.to}
        to={link.to}
        prefetch={prefetch}
        aria-current={current ? "page" : undefined}
        className={`rounded-md px-2 py-2 text-sm font-medium whitespace-nowrap hover:bg-surface-raised ${current ? "text-ink" : "text-muted"}`}
      >
        {link.label}
      </PathLink>
    );
  });
}

function SearchForm({ inputId, className = "" }: { inputId: string; className?: string }) {
  return (
    <Form method="get" action="/anime/catalog/" role="search" className={`flex items-center ${className}`}>
      <label htmlFor={inputId} className="sr-only">
        {ru.search.label}
      </label>
      <input
        id={inputId}
        name="search"
        type="search"
        maxLength={100}
        placeholder={ru.search.placeholder}
        className="h-10 w-full min-w-0 rounded-l-md border border-line bg-surface px-3 text-sm text-ink placeholder:text-muted"
      />
      <button type="submit" className="h-10 rounded-r-md border border-l-0 border-line bg-surface-raised px-3 text-sm font-medium">
        {ru.search.submit}
      </button>
    </Form>
  );
}

function Avatar({ user }: { user: HeaderUser }) {
  if (user.avatarUrl)
    return <img src={user.avatarUrl} alt="" width={32} height={32} className="image-fallback h-8 w-8 rounded-full object-cover" />;
  return (
    <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-full bg-[#C62828] text-sm font-bold text-white">
      {user.nickname.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Every page carries the header's JavaScript: the count is a bare number (the link's name reads "Новые серии 3"). */
function NewEpisodesBadge({ count }: { count: number }) {
  return <span className="ml-2 rounded-full bg-[#C62828] px-2 text-xs font-bold text-white">{count}</span>;
}

/**
 * The header's two menus share a name: opening one closes the other (the browser's exclusive <details>), so a phone
 * never shows both panels, one hiding the other's items. While one is open its summary stretches an invisible layer
 * over the screen (`.header-menu` in the style sheet), so a tap anywhere else lands on the summary and closes the menu: no script, and
 * none to load on every page. Only Escape needs one.
 */
const HEADER_MENU_NAME = "site-header-menu";

const closeHeaderMenuOnEscape = (event: KeyboardEvent) => {
  if (event.key !== "Escape") return;
  for (const menu of document.querySelectorAll<HTMLDetailsElement>(`details[name="${HEADER_MENU_NAME}"][open]`)) closeMenu(menu, true);
};

function AccountMenu({ user, here }: { user: HeaderUser; here: string }) {
  return (
    <details name={HEADER_MENU_NAME} className="header-menu relative">
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-full p-1 hover:bg-surface-raised sm:pr-3"
        aria-label={ru.account.accountMenu}
      >
        <Avatar user={user} />
        {user.newEpisodes ? <NewEpisodesBadge count={user.newEpisodes} /> : null}
        {/* Phones show the avatar alone: the nickname would push the header past the screen's edge. */}
        <span title={user.nickname} className="hidden max-w-[10rem] truncate text-sm font-medium sm:inline">
          {user.nickname}
        </span>
      </summary>
      <div className="absolute right-0 z-40 mt-2 flex w-56 max-w-[calc(100vw-2rem)] flex-col rounded-md border border-line bg-surface p-2 shadow-xl">
        <PathLink to="/me/new-episodes/" className="rounded px-3 py-2 text-sm hover:bg-surface-raised">
          {ru.account.newEpisodes}
          {user.newEpisodes ? <NewEpisodesBadge count={user.newEpisodes} /> : null}
        </PathLink>
        <PathLink to={SUBSCRIPTIONS_PATH} className="rounded px-3 py-2 text-sm hover:bg-surface-raised">
          {ru.account.subscriptions}
        </PathLink>
        <PathLink to="/me/favorites/" className="rounded px-3 py-2 text-sm hover:bg-surface-raised">
          {ru.account.favorites}
        </PathLink>
        <PathLink to="/me/collections/" className="rounded px-3 py-2 text-sm hover:bg-surface-raised">
          {ru.account.collections}
        </PathLink>
        <PathLink to="/app/settings/" className="rounded px-3 py-2 text-sm hover:bg-surface-raised">
          {ru.account.settings}
        </PathLink>
        <PathLink to="/me/data" className="rounded px-3 py-2 text-sm hover:bg-surface-raised">
          {ru.account.data}
        </PathLink>
        <PathLink to={downloadsPath()} className="rounded px-3 py-2 text-sm hover:bg-surface-raised">
          {ru.account.downloads}
        </PathLink>
        <Form method="post" action="/app/auth/logout">
          <input type="hidden" name="redirectTo" value={here} />
          <button type="submit" className="w-full rounded px-3 py-2 text-left text-sm hover:bg-surface-raised">
            {ru.account.signOut}
          </button>
        </Form>
      </div>
    </details>
  );
}

export function SiteHeader({ siteName, theme, user }: SiteHeaderProps) {
  const location = useLocation();
  useEffect(() => {
    document.addEventListener("keydown", closeHeaderMenuOnEscape);
    return () => document.removeEventListener("keydown", closeHeaderMenuOnEscape);
  }, []);
  const here = `${location.pathname}${location.search}`;
  return (
    <header className="site-header sticky top-0 z-30 border-b border-line">
      <div className="mx-auto flex h-16 max-w-screen-xl items-center gap-2 px-4 sm:gap-3">
        <SiteLogo siteName={siteName} />
        <nav aria-label={ru.nav.label} className="hidden flex-1 items-center gap-1 lg:flex">
          <SectionLinks shownPathname={location.pathname} prefetch="intent" />
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
          <SearchForm inputId="header-search" className="hidden w-64 md:flex" />
          <ThemeSwitch theme={theme} />
          {user ? (
            <AccountMenu user={user} here={here} />
          ) : (
            <PathLink
              to={`/app/auth/login?redirectTo=${encodeURIComponent(here)}`}
              className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-page hover:opacity-90"
            >
              {ru.account.signIn}
            </PathLink>
          )}
          <details name={HEADER_MENU_NAME} className="header-menu relative lg:hidden">
            <summary className="grid h-10 cursor-pointer list-none place-items-center rounded-md px-3 text-sm font-medium hover:bg-surface-raised">
              {ru.nav.menu}
            </summary>
            <nav
              aria-label={ru.nav.label}
              className="absolute right-0 z-40 mt-2 flex w-64 max-w-[calc(100vw-2rem)] flex-col gap-1 rounded-md border border-line bg-surface p-3 shadow-xl"
            >
              <SearchForm inputId="menu-search" className="mb-2 md:hidden" />
              <SectionLinks shownPathname={location.pathname} />
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
