// Parses the episodes tab's query (?view=, ?sort=); an unknown value falls back to the default instead of failing the page.
import { z } from "zod";
import {
  DEFAULT_EPISODES_SORT,
  DEFAULT_EPISODES_VIEW,
  EPISODE_SORTS,
  EPISODE_VIEWS,
  type EpisodesDisplay,
} from "~/features/release/episodes-view";

export const EpisodesQuerySchema = z.object({
  view: z.enum(EPISODE_VIEWS).catch(DEFAULT_EPISODES_VIEW),
  sort: z.enum(EPISODE_SORTS).catch(DEFAULT_EPISODES_SORT),
});

export function parseEpisodesQuery(url: URL): EpisodesDisplay {
  return EpisodesQuerySchema.parse({ view: url.searchParams.get("view") ?? undefined, sort: url.searchParams.get("sort") ?? undefined });
}
