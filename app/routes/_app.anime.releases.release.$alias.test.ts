import { describe, expect, it } from "vitest";
import { CONFIRM_AGE_INTENT } from "~/features/release/age-gate-dialog";
import { action } from "./_app.anime.releases.release.$alias";
import { withLoadContext } from "../../tests/support/load-context";

function confirmAge(alias: string, redirectTo: string): Promise<Response> {
  const request = new Request(`http://localhost:3000/anime/releases/release/${encodeURIComponent(alias)}`, {
    method: "POST",
    body: new URLSearchParams({ intent: CONFIRM_AGE_INTENT, redirectTo }),
  });
  return action(withLoadContext({ request, params: { alias }, context: {} }));
}

describe("routes/_app.anime.releases.release.$alias action (age confirmation)", () => {
  it("goes back to the tab of a release with a Cyrillic alias, encoded", async () => {
    const response = await confirmAge("ван-пис", "/anime/releases/release/ван-пис/episodes");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/anime/releases/release/%D0%B2%D0%B0%D0%BD-%D0%BF%D0%B8%D1%81/episodes");
    expect(response.headers.get("Set-Cookie")).toBeTruthy();
  });

  it("goes to the release itself when the target is another page", async () => {
    const response = await confirmAge("ван-пис", "/me/favorites");
    expect(response.headers.get("Location")).toBe("/anime/releases/release/%D0%B2%D0%B0%D0%BD-%D0%BF%D0%B8%D1%81");
  });
});
