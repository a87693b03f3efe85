// @vitest-environment happy-dom
// The preview of a list import (/me/data) as its reader meets it: what matched by id, what is a guess by title, what
// matched nothing, a box per row ticked from the start, and the post that carries only the ticked rows.
import { describe, expect, it } from "vitest";
import { click, renderPage, submitWith } from "../../../tests/support/render-component";
import { encodeChoice, LIST_CHOICE_FIELD, LIST_IMPORT_INTENT, type ListPreview } from "./list-import";
import { ListImportPreview } from "./list-import-preview";

const PREVIEW: ListPreview = {
  format: "mal-xml",
  rows: [
    {
      title: "Steel Promise",
      collection: "WATCHING",
      watched: 3,
      match: { releaseId: 11, alias: "steel-promise", title: "Стальное обещание", guess: false, saved: null },
    },
    {
      title: "Vernal Forest",
      collection: "PLANNED",
      watched: 0,
      match: { releaseId: 12, alias: "vernal-forest", title: "Весенний лес", guess: false, saved: "WATCHED" },
    },
    {
      title: "Harbor Lights",
      collection: "WATCHED",
      watched: 12,
      match: { releaseId: 13, alias: "harbor-lights", title: "Огни гавани", guess: true, saved: null },
    },
    { title: "Nowhere To Be Found", collection: "PLANNED", watched: 0, match: null },
  ],
  counts: { matched: 2, guessed: 1, unmatched: 1 },
  notSearched: 0,
};

function renderPreview(preview: ListPreview, posted: FormData[] = []) {
  return renderPage(<ListImportPreview preview={preview} />, {
    path: "/me/data",
    actions: {
      "/me/data": async ({ request }) => {
        posted.push(await request.formData());
        return null;
      },
    },
  });
}

const checkbox = (screen: ReturnType<typeof renderPreview>, name: RegExp) => screen.getByRole("checkbox", { name }) as HTMLInputElement;

describe("the list import's preview", () => {
  it("says what was found and how, and that nothing is saved yet", () => {
    const screen = renderPreview(PREVIEW);
    expect(screen.getByRole("heading", { level: 2, name: "Проверьте список перед загрузкой" })).toBeTruthy();
    const summary = screen.container.querySelector("section > p")!.textContent!;
    expect(summary).toContain("выгрузка MyAnimeList (XML): найдено по номеру — 2, догадки по названию — 1, не найдено — 1.");
    expect(summary).toContain("ничего не сохранено");
    expect(screen.getByRole("group", { name: "Найдено по номеру на MyAnimeList и Шикимори (2)" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Догадки по названию (1)" })).toBeTruthy();
  });

  it("ticks every match, marks a guess and names its line in the list, keeps a saved release where it is", () => {
    const screen = renderPreview(PREVIEW);
    expect(screen.getAllByRole("checkbox").map((box) => (box as HTMLInputElement).checked)).toEqual([true, true, true]);
    expect(checkbox(screen, /^Стальное обещание/).labels?.[0]?.textContent).toContain("→ «Смотрю» · просмотрено 3 серии");
    expect(checkbox(screen, /^Весенний лес/).labels?.[0]?.textContent).toContain("Уже в «Просмотрено» — останется там");
    const guess = checkbox(screen, /^Огни гавани/).labels?.[0]?.textContent;
    expect(guess).toContain("догадка");
    expect(guess).toContain("В списке: «Harbor Lights»");
    expect(screen.getAllByRole("link", { name: "Релиз" }).map((link) => link.getAttribute("href"))).toEqual([
      "/anime/releases/release/steel-promise",
      "/anime/releases/release/vernal-forest",
      "/anime/releases/release/harbor-lights",
    ]);
  });

  it("lists what matched nothing, folded while there is something to add", () => {
    const screen = renderPreview(PREVIEW);
    const unmatched = screen.getByText("Не найдено на сайте (1)").closest("details")!;
    expect(unmatched.open).toBe(false);
    expect(unmatched.querySelector("li")?.textContent).toBe("Nowhere To Be Found");
  });

  it("has no button and opens the unmatched list when nothing matched", () => {
    const nothing: ListPreview = { ...PREVIEW, rows: [PREVIEW.rows[3]!], counts: { matched: 0, guessed: 0, unmatched: 1 }, notSearched: 4 };
    const screen = renderPreview(nothing);
    expect(screen.queryByRole("button", { name: "Добавить отмеченное" })).toBeNull();
    expect(screen.getByText("Не найдено на сайте (1)").closest("details")!.open).toBe(true);
    expect(screen.getByText(/Без поиска по названию/).textContent).toContain(": 4.");
  });

  it("posts only the ticked rows, each with its collection and watched episodes", async () => {
    const posted: FormData[] = [];
    const screen = renderPreview(PREVIEW, posted);
    click(checkbox(screen, /^Огни гавани/));
    await submitWith(screen.getByRole("button", { name: "Добавить отмеченное" }));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.get("intent")).toBe(LIST_IMPORT_INTENT);
    expect(posted[0]!.getAll(LIST_CHOICE_FIELD)).toEqual([
      encodeChoice({ releaseId: 11, collection: "WATCHING", watched: 3 }),
      encodeChoice({ releaseId: 12, collection: "PLANNED", watched: 0 }),
    ]);
  });
});
