// GET /me/data.xml: the signed-in user's collections as a MyAnimeList XML file, which MyAnimeList and Shikimori import.
export { listExportLoader as loader } from "~/features/lists/account-data.server";
