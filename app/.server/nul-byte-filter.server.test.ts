import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import { renderToPipeableStream } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { createNulByteFilter, withoutNulBytes } from "./nul-byte-filter.server";

function render(element: ReturnType<typeof createElement>, filter: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady() {
        const sink = new PassThrough();
        text(sink).then(resolve, reject);
        if (filter) pipe(createNulByteFilter()).pipe(sink);
        else pipe(sink);
      },
      onShellError: reject,
    });
  });
}

describe("the NUL byte filter", () => {
  it("removes every NUL byte and leaves the rest as it is", () => {
    expect(withoutNulBytes(Buffer.from("abc")).toString()).toBe("abc");
    expect(withoutNulBytes(Buffer.from("\0По\0\0иск\0")).toString()).toBe("Поиск");
  });

  it("repairs what React streams for Russian text", async () => {
    // Many short Cyrillic texts: some 2-byte character lands on the last free byte of React's buffer.
    const page = createElement(
      "ul",
      null,
      ...Array.from({ length: 400 }, (_, index) => createElement("li", { key: index }, `Поиск аниме по названию ${index}`)),
    );
    const raw = await render(page, false);
    const filtered = await render(page, true);
    expect(raw).toContain("\0");
    expect(filtered).not.toContain("\0");
    expect(filtered).toBe(raw.replaceAll("\0", ""));
    expect(filtered.match(/Поиск аниме по названию \d+/g)).toHaveLength(400);
  });
});
