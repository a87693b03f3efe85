import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FORM_BODY_BYTES, MAX_PROXY_BODY_BYTES, MAX_UPLOAD_BODY_BYTES } from "../app/.server/body-limits";
import {
  answerClientErrors,
  bodyLeftUnread,
  bodyRejection,
  MAX_PATH_BYTES,
  MAX_PATH_SEGMENTS,
  MAX_QUERY_BYTES,
  createRequestLimits,
  serverTimeouts,
  targetRejection,
} from "./request-limits";

const statusOf = (rejection: { status: number } | null) => rejection?.status ?? null;

describe("targetRejection", () => {
  it("lets ordinary pages and data requests through", () => {
    expect(targetRejection("GET", "/")).toBeNull();
    expect(targetRejection("GET", "/anime/releases/release/naruto/episodes?page=2")).toBeNull();
    expect(targetRejection("POST", "/app/settings/account.data?index")).toBeNull();
  });

  it("answers unknown methods 501", () => {
    for (const method of ["TRACE", "PROPFIND", "CONNECT", "MKCOL"]) expect(statusOf(targetRejection(method, "/"))).toBe(501);
  });

  it("answers 414 beyond the path or query limit, and not at it", () => {
    expect(targetRejection("GET", `/${"x".repeat(MAX_PATH_BYTES - 1)}`)).toBeNull();
    expect(statusOf(targetRejection("GET", `/${"x".repeat(MAX_PATH_BYTES)}`))).toBe(414);
    expect(targetRejection("GET", `/?q=${"x".repeat(MAX_QUERY_BYTES - 2)}`)).toBeNull();
    expect(statusOf(targetRejection("GET", `/?q=${"x".repeat(MAX_QUERY_BYTES)}`))).toBe(414);
    expect(statusOf(targetRejection("GET", `/${Array(7900).fill("x").join("/")}`))).toBe(414);
  });

  it("answers 400 to paths that do not decode", () => {
    for (const path of ["/%zz", "/%", "/%C0%AE", "/anime/%E0%A4%A"]) expect(statusOf(targetRejection("GET", path))).toBe(400);
  });

  it("answers 404 to paths deeper than any route, whatever their length", () => {
    expect(targetRejection("GET", `/${Array(MAX_PATH_SEGMENTS).fill("x").join("/")}`)).toBeNull();
    expect(
      statusOf(
        targetRejection(
          "GET",
          `/${Array(MAX_PATH_SEGMENTS + 1)
            .fill("x")
            .join("/")}`,
        ),
      ),
    ).toBe(404);
    expect(statusOf(targetRejection("GET", `/x${"/".repeat(1000)}`))).toBe(404);
    const viteModule = `/@fs/${Array(MAX_PATH_SEGMENTS).fill("dir").join("/")}/module.js`;
    expect(statusOf(targetRejection("GET", viteModule))).toBe(404);
    expect(targetRejection("GET", viteModule, { viteModules: true })).toBeNull();
  });

  it("answers 400 to the old ?_data protocol", () => {
    expect(statusOf(targetRejection("GET", "/anything?_data=x"))).toBe(400);
    expect(statusOf(targetRejection("GET", "/?page=1&_data=root"))).toBe(400);
  });
});

describe("bodyRejection", () => {
  const form = (length: number) => ({ "content-length": String(length), "content-type": "application/x-www-form-urlencoded" });

  it("refuses a declared size over the route kind's limit with 413, closing the connection", () => {
    expect(bodyRejection("POST", "/preferences/theme", form(MAX_FORM_BODY_BYTES))).toBeNull();
    expect(bodyRejection("POST", "/preferences/theme", form(MAX_FORM_BODY_BYTES + 1))).toMatchObject({
      status: 413,
      closeConnection: true,
    });
    expect(bodyRejection("POST", "/lists/favorites", form(50 * 1024 * 1024))?.status).toBe(413);
    expect(bodyRejection("POST", "/me/data", form(MAX_FORM_BODY_BYTES + 1))).toBeNull();
    expect(bodyRejection("POST", "/ME/Data.data", form(MAX_UPLOAD_BODY_BYTES + 1))?.status).toBe(413);
    expect(
      bodyRejection("POST", "/api/v1/accounts/users/me/views/timecodes", { "content-length": String(MAX_PROXY_BODY_BYTES) }),
    ).toBeNull();
    expect(
      bodyRejection("POST", "/api/v1/accounts/users/me/views/timecodes", { "content-length": String(MAX_PROXY_BODY_BYTES + 1) })?.status,
    ).toBe(413);
    expect(bodyRejection("GET", "/", { "content-length": String(MAX_FORM_BODY_BYTES + 1) })?.status).toBe(413);
  });

  it("requires a declared length (411)", () => {
    expect(
      bodyRejection("POST", "/preferences/theme", { "transfer-encoding": "chunked", "content-type": "application/x-www-form-urlencoded" })
        ?.status,
    ).toBe(411);
  });

  it("answers 415 to a form route sent anything but a form", () => {
    for (const type of ["application/json", "text/plain", "application/xml", "multipart/form-data; boundary=x"]) {
      expect(bodyRejection("POST", "/preferences/theme", { "content-length": "10", "content-type": type })?.status).toBe(415);
    }
    expect(bodyRejection("POST", "/app/auth/logout", { "content-length": "10" })?.status).toBe(415);
    expect(bodyRejection("POST", "/app/auth/logout", { "content-length": "0" })).toBeNull();
    expect(
      bodyRejection("POST", "/anime/releases/release/x", {
        "content-length": "3",
        "content-type": "Application/X-WWW-Form-Urlencoded; charset=UTF-8",
      }),
    ).toBeNull();
  });

  it("takes multipart on the upload pages only, and any type on the API", () => {
    const multipart = { "content-length": "100", "content-type": "multipart/form-data; boundary=x" };
    expect(bodyRejection("POST", "/app/settings/account", multipart)).toBeNull();
    expect(bodyRejection("POST", "/me/data/", multipart)).toBeNull();
    expect(bodyRejection("POST", "/app/settings/site", multipart)?.status).toBe(415);
    expect(
      bodyRejection("POST", "/api/v1/accounts/users/me/favorites", { "content-length": "10", "content-type": "application/json" }),
    ).toBeNull();
  });
});

describe("the server's defences on a socket", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const app = express();
    app.use(createRequestLimits());
    app.use((request, response, next) => {
      // Stands in for Remix, whose request has no body then: the page's action answers by the declared length.
      if (!bodyLeftUnread(request)) return next();
      response.status(413).json({ unread: true, declared: Number(request.headers["content-length"]) });
    });
    app.post("/me/data", (request, response) => {
      // Stands in for an action that refuses an upload by its declared size: Remix has begun to read the body.
      request.once("data", () => request.pause());
      response.status(303).setHeader("Location", "/me/data").end();
    });
    app.all("*", async (request, response) => {
      // Stands in for Remix: reads the whole body, then echoes its type and size.
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of request) chunks.push(chunk as Buffer);
      } catch {
        return; // the connection went away (a timeout under test)
      }
      response.json({ type: request.headers["content-type"] ?? null, bytes: Buffer.concat(chunks).length });
    });
    server = createServer(serverTimeouts({ headersTimeoutSeconds: 1, requestTimeoutSeconds: 2 }), app);
    answerClientErrors(server);
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** Writes `parts` one after another (`pauseMs` apart), then collects what the server says until it closes. */
  async function exchange(parts: string[], pauseMs = 0): Promise<{ answer: string; closed: boolean }> {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    const closed = once(socket, "close").then(() => true);
    for (const part of parts) {
      if (socket.destroyed) break;
      socket.write(part);
      if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    const wasClosed = await closed;
    return { answer, closed: wasClosed };
  }

  it("answers 408 and closes when a declared body never arrives", async () => {
    const { answer, closed } = await exchange([
      "POST /preferences/theme HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\ntheme=",
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain("Запрос не пришёл вовремя");
    expect(closed).toBe(true);
  });

  it("answers 408 when the headers never finish", async () => {
    const { answer } = await exchange(["GET / HTTP/1.1\r\nHost: x\r\n"]);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("keeps an idle connection longer than nginx keeps its own to the app, and closes it within 20 s", () => {
    const nginxConfig = readFileSync(new URL("../deploy/nginx.conf", import.meta.url), "utf8");
    const upstreamBlock = /upstream app \{([^}]*)\}/.exec(nginxConfig)?.[1] ?? "";
    const nginxSeconds = Number(/keepalive_timeout (\d+)s;/.exec(upstreamBlock)?.[1]);
    const appMs = serverTimeouts({ headersTimeoutSeconds: 10, requestTimeoutSeconds: 30 }).keepAliveTimeout!;
    expect(nginxSeconds).toBeGreaterThan(0);
    expect(appMs).toBeGreaterThan(nginxSeconds * 1000);
    // The hardening suite's limit for an idle connection (tests/adversarial/run.ts).
    expect(appMs).toBeLessThan(20_000);
  });

  it("an idle connection past the headers' timeout still answers its next request", async () => {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    socket.write("GET /a HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    socket.write("GET /b HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => answer.match(/HTTP\/1\.1 \d+/g)).toEqual(["HTTP/1.1 200", "HTTP/1.1 200"]);
    expect(socket.destroyed).toBe(false);
    socket.destroy();
  });

  it("drops the rest of a body its early answer did not need, and the connection serves the next request", async () => {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    const bodyBytes = 4 * 1024 * 1024;
    socket.write(
      `POST /me/data HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, "a");
    for (let sent = 0; sent < bodyBytes; sent += chunk.length) {
      if (!socket.write(chunk)) await once(socket, "drain");
    }
    socket.write("GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => answer.match(/HTTP\/1\.1 \d+/g), { timeout: 3000 }).toEqual(["HTTP/1.1 303", "HTTP/1.1 200"]);
    socket.destroy();
  });

  it("closes a connection that sends only blank lines", async () => {
    const { answer, closed } = await exchange(Array(40).fill("\r\n"), 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closed).toBe(true);
  });

  it("answers a request line Node cannot parse with a Russian 400", async () => {
    const { answer } = await exchange(["NOT A REQUEST\r\n\r\n"]);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain("Некорректный запрос");
  });

  it("refuses an oversized body at once, without reading it", async () => {
    const { answer, closed } = await exchange([
      `POST /lists/favorites HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toMatch(/connection: close/i);
    expect(closed).toBe(true);
  });

  it("passes an upload form's body far over the limit to its page unread, then closes the connection", async () => {
    const { answer, closed } = await exchange([
      `POST /me/data HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
    ]);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain(`{"unread":true,"declared":${50 * 1024 * 1024}}`);
    expect(answer).toMatch(/connection: close/i);
    expect(closed).toBe(true);
  });

  it("passes an upload form over its body limit to the page unread, drops the body, and keeps the connection", async () => {
    const socket = connect(port, "127.0.0.1");
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    const bodyBytes = MAX_UPLOAD_BODY_BYTES + 2 * 1024 * 1024;
    socket.write(
      `POST /me/data.data HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${bodyBytes}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(64 * 1024, "a");
    for (let sent = 0; sent < bodyBytes; sent += chunk.length) {
      if (!socket.write(chunk)) await once(socket, "drain");
    }
    socket.write("GET /next HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => answer.match(/HTTP\/1\.1 \d+/g), { timeout: 3000 }).toEqual(["HTTP/1.1 413", "HTTP/1.1 200"]);
    expect(answer).toContain(`{"unread":true,"declared":${bodyBytes}}`);
    socket.destroy();
  });

  it("gives an untyped, empty write the form type Remix needs, and passes a form through whole", async () => {
    const empty = await fetch(`http://127.0.0.1:${port}/app/auth/logout`, { method: "POST" });
    expect(await empty.json()).toEqual({ type: "application/x-www-form-urlencoded", bytes: 0 });
    const filled = await fetch(`http://127.0.0.1:${port}/preferences/theme`, {
      method: "POST",
      body: new URLSearchParams({ theme: "dark" }),
    });
    expect(await filled.json()).toEqual({ type: "application/x-www-form-urlencoded;charset=UTF-8", bytes: 10 });
  });

  it("answers JSON on the API and plain Russian text elsewhere", async () => {
    const api = await fetch(`http://127.0.0.1:${port}/api/v1/x?_data=1`);
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ message: "Некорректный запрос." });
    const page = await fetch(`http://127.0.0.1:${port}/preferences/theme`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(page.status).toBe(415);
    expect(page.headers.get("content-type")).toMatch(/^text\/plain/);
    const deep = await fetch(`http://127.0.0.1:${port}/${Array(100).fill("x").join("/")}`);
    expect(deep.status).toBe(404);
    expect(await deep.text()).toContain("На главную");
  });
});
