import { describe, expect, it } from "vitest";
import { downloadStrings } from "./strings";

describe("the out-of-space message", () => {
  it("names what is needed and what the browser can still give", () => {
    expect(downloadStrings.quotaExceeded(3 * 1024 * 1024, 512 * 1024)).toBe(
      "Недостаточно места: для серии нужно ещё около 3,0 МБ, а браузер может выделить только 512 КБ. Удалите сохранённые серии или выберите качество ниже.",
    );
  });

  it("does not quote a free-space figure that contradicts the refusal", () => {
    expect(downloadStrings.quotaExceeded(1024, 10 * 1024 ** 3)).toBe(
      "Недостаточно места: для серии нужно ещё около 1,0 КБ, а браузер больше не выделяет места. Удалите сохранённые серии или выберите качество ниже.",
    );
  });
});
