// @vitest-environment happy-dom
// The collection menu of a release as a signed-in viewer meets it: a summary named for the collection the release is
// in, five choices with the current one pressed, a choice shown at once and posted through the list's fetcher; a
// visitor gets a link to sign in instead.
import { describe, expect, it } from "vitest";
import { click, renderPage, submitWith } from "../../../tests/support/render-component";
import type { CollectionType } from "~/domain/account";
import { CollectionToggle } from "./collection-toggle";
import { listStrings } from "./strings";
import { toggleStrings } from "./toggle-strings";

const RELEASE_PAGE = "/anime/releases/release/steel-promise";

function renderToggle(
  collection: CollectionType | null,
  { signedIn = true, posted = [] as FormData[], answer = (_form: FormData): unknown => null } = {},
) {
  return renderPage(<CollectionToggle releaseId={7} collection={collection} signedIn={signedIn} />, {
    path: RELEASE_PAGE,
    actions: {
      "/lists/collections": async ({ request }) => {
        const form = await request.formData();
        posted.push(form);
        return answer(form);
      },
    },
  });
}

const summaryOf = (screen: ReturnType<typeof renderToggle>) => screen.container.querySelector("summary")!;
const pressed = (screen: ReturnType<typeof renderToggle>) =>
  screen.getAllByRole("button", { hidden: true }).filter((button) => button.getAttribute("aria-pressed") === "true");

describe("the collection menu", () => {
  it("is a link to sign in, coming back here, for a visitor", () => {
    const screen = renderToggle(null, { signedIn: false });
    const link = screen.getByRole("link", { name: listStrings.collectionMenu });
    expect(link.getAttribute("href")).toBe(`/app/auth/login?redirectTo=${encodeURIComponent(RELEASE_PAGE)}`);
    expect(screen.container.querySelector("details")).toBeNull();
  });

  it("offers the five collections, none pressed while the release is in none", () => {
    const screen = renderToggle(null);
    expect(summaryOf(screen).textContent).toContain(listStrings.collectionMenu);
    expect(summaryOf(screen).textContent).toContain(toggleStrings.collectionMenuLabel);
    const choices = screen.getByRole("group", { name: toggleStrings.collectionChoices, hidden: true });
    expect([...choices.querySelectorAll("button")].map((button) => button.textContent)).toEqual([
      "Запланировано",
      "Просмотрено",
      "Смотрю",
      "Отложено",
      "Брошено",
    ]);
    expect(pressed(screen)).toEqual([]);
  });

  it("names the collection the release is in, pressed, with how to take it out", () => {
    const screen = renderToggle("WATCHED");
    expect(summaryOf(screen).textContent).toContain("Просмотрено");
    expect(pressed(screen).map((button) => button.textContent)).toEqual([`Просмотрено${toggleStrings.collectionRemoveHint}`]);
  });

  it("posts the choice with what the release was in, closes the menu, and shows the collection it answers", async () => {
    const posted: FormData[] = [];
    const screen = renderToggle("PLANNED", {
      posted,
      answer: () => ({ ok: true, releaseId: 7, collection: "WATCHING", message: "Добавлено в «Смотрю»" }),
    });
    const menu = screen.container.querySelector("details")!;
    click(summaryOf(screen));
    expect(menu.open).toBe(true);
    await submitWith(screen.getByRole("button", { name: "Смотрю", hidden: true }));
    expect(posted).toHaveLength(1);
    expect(Object.fromEntries(posted[0]!)).toEqual({
      releaseId: "7",
      current: "PLANNED",
      type: "WATCHING",
      redirectTo: RELEASE_PAGE,
      via: "fetcher",
    });
    expect(menu.open).toBe(false);
    expect(summaryOf(screen).textContent).toContain("Смотрю");
    expect(pressed(screen).map((button) => button.textContent)).toEqual([`Смотрю${toggleStrings.collectionRemoveHint}`]);
  });

  it("takes the release out when its own collection is chosen again", async () => {
    const posted: FormData[] = [];
    const screen = renderToggle("WATCHING", {
      posted,
      answer: () => ({ ok: true, releaseId: 7, collection: null, message: "Убрано из коллекций" }),
    });
    await submitWith(screen.getByRole("button", { name: /^Смотрю/, hidden: true }));
    expect(Object.fromEntries(posted[0]!)).toMatchObject({ current: "WATCHING", type: "WATCHING" });
    expect(summaryOf(screen).textContent).toContain(listStrings.collectionMenu);
    expect(pressed(screen)).toEqual([]);
  });
});
