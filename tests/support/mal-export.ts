// A MyAnimeList XML export as MAL and Shikimori write it, for the list import's checks in the browser and at the
// request level.

export type MalExportEntry = { id: number; title: string; status: string; watched: number };

export function malExport(entries: readonly MalExportEntry[]): string {
  const records = entries.map(
    (entry) =>
      `<anime><series_animedb_id>${entry.id}</series_animedb_id><series_title><![CDATA[${entry.title}]]></series_title>` +
      `<series_type>TV</series_type><series_episodes>0</series_episodes><my_watched_episodes>${entry.watched}</my_watched_episodes>` +
      `<my_status>${entry.status}</my_status><update_on_import>0</update_on_import></anime>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" ?>\n<myanimelist><myinfo><user_export_type>1</user_export_type></myinfo>${records.join("\n")}</myanimelist>\n`;
}
