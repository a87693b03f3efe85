import type { MatchRoutes } from "./route-matching";

type Route = Parameters<MatchRoutes>[0][number];

/** A tree shaped like the app's: pathless layouts, index routes, params, optional segments, a splat, a case-sensitive path. */
export function routeTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        {
          id: "app",
          children: [
            { id: "home", index: true },
            { id: "catalog", path: "anime/catalog" },
            {
              id: "release",
              path: "anime/releases/release/:alias",
              children: [
                { id: "release-episodes", index: true },
                { id: "release-torrents", path: "torrents" },
              ],
            },
            { id: "genre", path: "anime/genres/:genreId?" },
            { id: "exact", path: "Exact/Case", caseSensitive: true },
          ],
        },
        { id: "clean", children: [{ id: "login", path: "app/auth/login" }] },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

export const ROUTE_TABLE_PATHS = [
  "/",
  "/anime/catalog/",
  "/anime/catalog",
  "/anime",
  "/anime/releases/release/some-alias/",
  "/anime/releases/release/%D0%B0%D0%B1/torrents",
  "/anime/releases/release",
  "/anime/genres",
  "/anime/genres/12",
  "/Exact/Case",
  "/exact/case",
  "/app/auth/login?redirectTo=/x#top",
  "/no/such/page",
];
