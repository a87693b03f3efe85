// @vitest-environment happy-dom
// The low-data switch as a person meets it with JavaScript: a tap shows the new state at once and keeps it while the
// post and the page's data after it are on their way; a post answered without a new cookie shows the
// cookie's state again.
import { describe, expect, it } from "vitest";
import { clickBeforeTransitions, renderPage, settle } from "../../../tests/support/render-component";
import { LOW_DATA_ON } from "~/domain/low-data";
import { LOW_DATA_ACTION, LowDataSwitch } from "./low-data-switch";
import { settingsStrings } from "./strings";

function renderSwitch(answer: () => Promise<unknown>) {
  const posted: FormData[] = [];
  const screen = renderPage(<LowDataSwitch submitLabel="Сохранить" buttonClassName="" />, {
    path: "/app/settings/site",
    actions: {
      [LOW_DATA_ACTION]: async ({ request }) => {
        posted.push(await request.formData());
        return answer();
      },
    },
  });
  const checkbox = screen.getByRole("checkbox", { name: settingsStrings.site.lowDataSwitch }) as HTMLInputElement;
  return { checkbox, posted };
}

const never = () => new Promise<never>(() => undefined);

describe("the low-data switch", () => {
  it("shows a tap at once, before the router's transition has rendered", async () => {
    const { checkbox } = renderSwitch(never);
    expect(checkbox.checked).toBe(false);
    clickBeforeTransitions(checkbox);
    expect(checkbox.checked).toBe(true);
    await settle();
  });

  it("keeps the new state while the post is on its way, and posts the switch's value", async () => {
    const { checkbox, posted } = renderSwitch(never);
    clickBeforeTransitions(checkbox);
    await settle();
    await settle();
    expect(checkbox.checked).toBe(true);
    expect(posted.map((form) => form.get("lowData"))).toEqual([LOW_DATA_ON]);
  });

  it("shows the cookie's state again when the post is answered without a new cookie", async () => {
    const { checkbox } = renderSwitch(async () => ({ refused: true }));
    clickBeforeTransitions(checkbox);
    await settle();
    await settle();
    expect(checkbox.checked).toBe(false);
  });
});
