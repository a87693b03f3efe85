import { EventEmitter } from "node:events";
import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { describe, expect, it } from "vitest";
import express from "express";
import type { AddressInfo } from "node:net";
import { remixRequestOf, sendAnswer } from "./remix-request-handler";
import { createRequestLimits } from "./request-limits";
import { MAX_UPLOAD_BODY_BYTES } from "../app/.server/body-limits";

type Incoming = { method?: string; url?: string; headers?: Record<string, string | string[]>; hostname?: string; body?: string };

function expressRequest({ method = "GET", url = "/anime/catalog/?page=2", headers = {}, hostname = "example.org", body }: Incoming) {
  const stream = Readable.from(body === undefined ? [] : [Buffer.from(body)]);
  const lowerCased = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return Object.assign(stream, {
    method,
    originalUrl: url,
    protocol: "https",
    hostname,
    headers: lowerCased,
    get: (name: string) => {
      const value = lowerCased[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : value;
    },
  }) as unknown as ExpressRequest;
}

const expressResponse = () => new EventEmitter() as unknown as ExpressResponse;

describe("remixRequestOf", () => {
  it("gives a page's form whose body is over its limit no body, and its declared length, so its action refuses it unread", async () => {
    const declared = String(MAX_UPLOAD_BODY_BYTES + 1);
    const incoming = Object.assign(
      expressRequest({
        method: "POST",
        url: "/me/data",
        headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": declared },
        body: "x",
      }),
      { path: "/me/data" },
    );
    const response = Object.assign(expressResponse(), { setHeader: () => undefined });
    let passed = false;
    createRequestLimits()(incoming, response, () => (passed = true));
    expect(passed).toBe(true);
    const request = remixRequestOf(incoming, response);
    expect(request.body).toBeNull();
    expect(request.headers.get("content-length")).toBe(declared);
  });

  it("aborts the request's signal when its response closes after finishing, which releases Remix's stream timer", () => {
    const response = expressResponse();
    const request = remixRequestOf(expressRequest({}), response);
    response.emit("finish");
    expect(request.signal.aborted).toBe(false);
    response.emit("close");
    expect(request.signal.aborted).toBe(true);
  });

  it("aborts it too when the connection closes before the response finished", () => {
    const response = expressResponse();
    const request = remixRequestOf(expressRequest({}), response);
    response.emit("close");
    expect(request.signal.aborted).toBe(true);
  });

  it("builds the address the address guard checked: the (trusted) forwarded host or the Host, its port, the whole path", () => {
    expect(remixRequestOf(expressRequest({ headers: { Host: "example.org:8443" } }), expressResponse()).url).toBe(
      "https://example.org:8443/anime/catalog/?page=2",
    );
    const proxied = expressRequest({ headers: { Host: "internal:3000", "X-Forwarded-Host": "example.org:444" }, hostname: "example.org" });
    expect(remixRequestOf(proxied, expressResponse()).url).toBe("https://example.org:444/anime/catalog/?page=2");
    expect(remixRequestOf(expressRequest({ headers: { Host: "example.org" } }), expressResponse()).url).toBe(
      "https://example.org/anime/catalog/?page=2",
    );
  });

  it("keeps every header value and streams a body", async () => {
    const request = remixRequestOf(
      expressRequest({ method: "POST", url: "/app/auth/login", headers: { Cookie: "a=1", "X-Many": ["one", "two"] }, body: "login=demo" }),
      expressResponse(),
    );
    expect(request.method).toBe("POST");
    expect(request.headers.get("cookie")).toBe("a=1");
    expect(request.headers.get("x-many")).toBe("one, two");
    expect(await request.text()).toBe("login=demo");
  });
});

describe("sendAnswer", () => {
  it("passes on the page's headers without repeating one the middleware set to the same value, and every cookie", async () => {
    const app = express();
    app.use((_request, response, next) => {
      response.setHeader("X-Content-Type-Options", "nosniff");
      next();
    });
    app.get("/", (_request, response) => {
      const headers = new Headers({ "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-cache" });
      headers.append("Set-Cookie", "a=1; Path=/");
      headers.append("Set-Cookie", "b=2; Path=/");
      void sendAnswer(response, new Response("ok", { headers }));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("cache-control")).toBe("private, no-cache");
      expect(answer.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
      expect(await answer.text()).toBe("ok");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("an event stream's answer", () => {
  /** A server answering one event stream whose producer makes 64 KB chunks as long as the stream asks for more. */
  async function producingServer(failAfterBytes = Infinity) {
    const produced = { bytes: 0 };
    let answerClosed: () => void = () => undefined;
    const closed = new Promise<void>((resolve) => (answerClosed = resolve));
    const app = express();
    app.get("/", (_request, response) => {
      response.once("close", () => answerClosed());
      const chunk = new Uint8Array(64 * 1024).fill(100);
      const body = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            // A turn of the event loop per chunk, as a real producer takes: the test's own timers keep running.
            await new Promise((resolve) => setImmediate(resolve));
            if (produced.bytes >= failAfterBytes) return controller.error(new Error("reads too slowly"));
            produced.bytes += chunk.byteLength;
            controller.enqueue(chunk);
          },
        },
        { highWaterMark: 4 * 64 * 1024, size: (part) => part.byteLength },
      );
      void sendAnswer(response, new Response(body, { headers: { "Content-Type": "text/event-stream" } }));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    return { server, produced, closed, port: (server.address() as AddressInfo).port };
  }

  /** A client that asks and then never reads (its socket paused). */
  async function neverReading(port: number) {
    const { connect } = await import("node:net");
    const socket = connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    socket.pause();
    return socket;
  }

  it("is written only as fast as the client reads: a client that never reads holds the producer back", async () => {
    const { server, produced, port } = await producingServer();
    const socket = await neverReading(port);
    try {
      // Until the producer stops (the kernel's and the stream's buffers are full), or has made far too much.
      let before = -1;
      while (produced.bytes !== before && produced.bytes < 64 * 1024 * 1024) {
        before = produced.bytes;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
      expect(produced.bytes).toBeLessThan(32 * 1024 * 1024);
    } finally {
      socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("closes the connection once the stream fails while the client does not read", async () => {
    const { server, port, closed } = await producingServer(512 * 1024);
    const socket = await neverReading(port);
    try {
      await closed;
    } finally {
      socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
