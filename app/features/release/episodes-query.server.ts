// Parses the episodes tab's query (?view=, ?sort=, ?page=); an unknown value falls back to the default instead of failing the page.
import { z } from "zod";
import { EPISODE_SORTS } from "~/domain/episode-order";
import { DEFAULT_EPISODES_SORT, DEFAULT_EPISODES_VIEW, EPISODE_VIEWS, type EpisodesDisplay } from "~/features/release/episodes-view";

export const EpisodesQuerySchema = z.object({
  view: z.enum(EPISODE_VIEWS).catch(DEFAULT_EPISODES_VIEW),
  sort: z.enum(EPISODE_SORTS).catch(DEFAULT_EPISODES_SORT),
  // Past the last page is the last page: the tab clamps it, so any number is harmless.
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export function parseEpisodesQuery(url: URL): EpisodesDisplay {
  const value = (name: string) => url.searchParams.get(name) ?? undefined;
  return EpisodesQuerySchema.parse({ view: value("view"), sort: value("sort"), page: value("page") });
}
