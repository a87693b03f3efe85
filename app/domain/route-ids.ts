// Route ids for `useRouteLoaderData`: the file-based ids Remix gives the routes whose data other routes read.
export const ROOT_ROUTE_ID = "root";
export const RELEASE_ROUTE_ID = "routes/_app.anime.releases.release.$alias";
