// The home page's poll at the request level: its vote address takes a form's post and nothing else, and a visitor's
// vote leads to the sign-in page that comes back home. Voting itself, with JavaScript, is tests/e2e/home-poll.spec.ts.
import { describe, expect, test } from "vitest";
import { NoScriptBrowser } from "./support/form-posts";

describe("the poll's vote address", () => {
  test("is a form target only: a GET is a 404, a visitor's vote goes to sign in and back home", async () => {
    const visitor = new NoScriptBrowser();
    expect((await visitor.send("/polls/vote")).status).toBe(404);
    const voted = await visitor.send("/polls/vote", { method: "POST", body: new URLSearchParams({ pollId: "1", optionId: "1" }) });
    expect(voted.status).toBe(303);
    expect(voted.headers.get("location")).toBe("/app/auth/login?redirectTo=%2F");
  });
});
