import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_COLLECTION_TYPE } from "~/domain/account";
import { collectionIcons } from "./collection-icons";
import { plannedIcon } from "./list-icons";
import { ReleaseListControls } from "./release-list-controls";

const onReleasePage = () =>
  renderToStaticMarkup(
    <StaticRouter location="/anime/releases/release/the-vernal-forest?view=list">
      <ReleaseListControls releaseId={1} lists={null} />
    </StaticRouter>,
  );

describe("the list controls of a visitor who is not signed in", () => {
  it("are two links to sign in that come back to this page", () => {
    const html = onReleasePage();
    const signIn = `/app/auth/login?redirectTo=${encodeURIComponent("/anime/releases/release/the-vernal-forest?view=list")}`;
    expect(html.match(/href="([^"]+)"/g)).toEqual([`href="${signIn}"`, `href="${signIn}"`]);
    expect(html).toContain('title="Войдите, чтобы добавлять релизы в избранное"');
    expect(html).toContain("В избранное");
    expect(html).toContain('title="Войдите, чтобы добавлять релизы в коллекции"');
    expect(html).toContain("В коллекцию");
  });

  it("show the default collection's icon", () => {
    expect(collectionIcons[DEFAULT_COLLECTION_TYPE]).toBe(plannedIcon);
    expect(onReleasePage()).toContain(`<path d="${plannedIcon}">`);
  });
});
