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

describe("the document stream", () => {
  it("sends what React writes in one pass as one chunk", async () => {
    const page = createElement(
      "ul",
      null,
      ...Array.from({ length: 400 }, (_, index) => createElement("li", { key: index }, `Поиск аниме по названию ${index}`)),
    );
    const chunks = await new Promise<Buffer[]>((resolve, reject) => {
      const { pipe } = renderToPipeableStream(page, {
        onAllReady() {
          const received: Buffer[] = [];
          const stream = createNulByteFilter();
          stream.on("data", (chunk: Buffer) => received.push(chunk));
          stream.on("end", () => resolve(received));
          pipe(stream);
        },
        onShellError: reject,
      });
    });
    const html = Buffer.concat(chunks).toString();
    expect(html.length).toBeGreaterThan(10_000);
    expect(chunks).toHaveLength(1);
    expect(html).toBe((await render(page, false)).replaceAll("\0", ""));
  });

  it("holds nothing back when the stream ends without a flush", async () => {
    const stream = createNulByteFilter();
    const received = text(stream);
    stream.write(Buffer.from("<p>Пои\0ск</p>"));
    stream.end();
    expect(await received).toBe("<p>Поиск</p>");
  });
});
