// Franchises: several releases of one story in watching order. The live service answers bare arrays and a bare
// object here, not the June 2025 document's {data} envelopes (docs/upstream.md#envelopes).
import { z } from "zod";
import type { Route } from "../http/router";
import type { Db } from "../db/database";
import { notFound } from "../http/api-error";
import { integerInput, parseInput } from "../http/validation";
import { imageSet } from "./images";
import { storeOf } from "./store-registry";
import type { FranchiseRow } from "../db/rows";
import { prepareCached } from "../db/statement-cache";

/** A franchise with the totals of its releases (FRANCHISE_SELECT). */
type FranchiseWithTotalsRow = FranchiseRow & {
  first_year: number;
  last_year: number;
  total_releases: number;
  total_episodes: number;
  total_seconds: number;
};

const FRANCHISE_SELECT = `
  SELECT f.*, MIN(r.year) AS first_year, MAX(r.year) AS last_year, COUNT(r.id) AS total_releases,
         SUM(COALESCE(r.episodes_total, 0)) AS total_episodes,
         SUM(COALESCE(r.episodes_total, 0) * COALESCE(r.average_duration_of_episode, 0)) * 60 AS total_seconds
  FROM franchises f JOIN franchise_releases fr ON fr.franchise_id = f.id JOIN releases r ON r.id = fr.release_id`;

function formatDuration(seconds: number): string | null {
  if (seconds <= 0) return null;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours} ч ${minutes} мин` : `${minutes} мин`;
}

function presentFranchise(row: FranchiseWithTotalsRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    name_english: row.name_english,
    image: imageSet("posters", row.poster_index),
    rating: row.rating,
    last_year: row.last_year,
    first_year: row.first_year,
    total_releases: row.total_releases,
    total_episodes: row.total_episodes,
    total_duration: formatDuration(row.total_seconds),
    total_duration_in_seconds: row.total_seconds,
  };
}

function withReleases(db: Db, origin: string, franchise: FranchiseWithTotalsRow): Record<string, unknown> {
  const links = db
    .prepare("SELECT id, sort_order, release_id, franchise_id FROM franchise_releases WHERE franchise_id = ? ORDER BY sort_order")
    .all(franchise.id) as { id: string; sort_order: number; release_id: number; franchise_id: string }[];
  const releases = new Map(
    storeOf(db)
      .present(
        links.map((link) => link.release_id),
        origin,
      )
      .map((release) => [release.id as number, release]),
  );
  return {
    ...presentFranchise(franchise),
    franchise_releases: links.map((link) => ({ ...link, release: releases.get(link.release_id) ?? null })),
  };
}

export const franchiseRoutes: Route[] = [
  {
    method: "GET",
    path: "/anime/franchises",
    handler: (context) => {
      const rows = prepareCached(context.db, `${FRANCHISE_SELECT} GROUP BY f.id ORDER BY f.name`).all() as FranchiseWithTotalsRow[];
      return rows.map(presentFranchise);
    },
  },
  {
    method: "GET",
    path: "/anime/franchises/random",
    handler: (context) => {
      const { limit } = parseInput(z.object({ limit: integerInput(1, 50).optional() }), context.query);
      const ids = prepareCached(context.db, "SELECT id FROM franchises ORDER BY random() LIMIT ?")
        .pluck()
        .all(limit ?? 4) as string[];
      if (ids.length === 0) return [];
      const rows = prepareCached(context.db, `${FRANCHISE_SELECT} WHERE f.id IN (${ids.map(() => "?").join(", ")}) GROUP BY f.id`).all(
        ...ids,
      ) as FranchiseWithTotalsRow[];
      return rows.map(presentFranchise);
    },
  },
  {
    method: "GET",
    path: "/anime/franchises/release/{releaseId}",
    handler: (context) => {
      const release = storeOf(context.db).findReleaseRow(context.params.releaseId ?? "");
      if (!release) throw notFound("Релиз не найден");
      const rows = prepareCached(
        context.db,
        `${FRANCHISE_SELECT} WHERE f.id IN (SELECT franchise_id FROM franchise_releases WHERE release_id = ?) GROUP BY f.id`,
      ).all(release.id) as FranchiseWithTotalsRow[];
      return rows.map((row) => withReleases(context.db, context.origin, row));
    },
  },
  {
    method: "GET",
    path: "/anime/franchises/{franchiseId}",
    handler: (context) => {
      const row = prepareCached(context.db, `${FRANCHISE_SELECT} WHERE f.id = ? GROUP BY f.id`).get(context.params.franchiseId) as
        FranchiseWithTotalsRow | undefined;
      if (!row) throw notFound("Франшиза не найдена");
      return withReleases(context.db, context.origin, row);
    },
  },
];
