// The built server against the hardening issue's reproductions: a URL of thousands of segments, bodies that are
// too large, of the wrong type or never arrive, malformed escapes, unsupported methods and `?_data` — each answered
// with the right 4xx, and none of them writing an error-level log line.
import { once } from "node:events";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../scripts/lib/server.mjs";

const PORT = Number(process.env.DEFENCES_PORT ?? 4188);
const person = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36" };
let app: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  app = await startServer({
    port: PORT,
    captureStderr: true,
    env: { PAGE_CACHE_SECONDS: "0", HEADERS_TIMEOUT_SECONDS: "1", REQUEST_TIMEOUT_SECONDS: "2" },
  });
}, 120_000);

afterAll(async () => {
  await app?.stop();
});

function sameOrigin(headers: Record<string, string> = {}) {
  return { ...person, Origin: app.baseUrl, ...headers };
}

/** A raw exchange: what the server answers to `head` (and nothing more), until it closes the connection. */
async function rawAnswer(head: string): Promise<string> {
  const socket = connect(PORT, "127.0.0.1");
  await once(socket, "connect");
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
  socket.on("error", () => undefined);
  socket.write(head);
  await once(socket, "close");
  return answer;
}

describe("the server's own defences", () => {
  it("answers the 16 KB URL of 7,900 segments 414, a deep path under the limit 404, and stays healthy", async () => {
    const long = await fetch(`${app.baseUrl}/${Array(7900).fill("x").join("/")}`, { headers: person });
    expect(long.status).toBe(414);
    const deep = await fetch(`${app.baseUrl}/${Array(1000).fill("x").join("/")}`, { headers: person });
    expect(deep.status).toBe(404);
    expect(await deep.text()).toContain("мы не смогли найти страницу");
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
  });

  it("still renders the app's own 404 page for a path at the segment limit", async () => {
    const response = await fetch(`${app.baseUrl}/${Array(16).fill("x".repeat(100)).join("/")}`, { headers: person });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("<script");
  });

  it("answers malformed escapes in the path 400", async () => {
    for (const path of ["/%zz", "/%", "/%C0%AE"]) {
      expect((await fetch(`${app.baseUrl}${path}`, { headers: person })).status, path).toBe(400);
    }
  });

  it("answers TRACE and other unknown methods 501", async () => {
    for (const method of ["TRACE", "PROPFIND"]) {
      const status = await new Promise<number | undefined>((resolve, reject) => {
        httpRequest(`${app.baseUrl}/`, { method, headers: person }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
          .on("error", reject)
          .end();
      });
      expect(status, method).toBe(501);
    }
  });

  it("answers JSON, text, XML and multipart bodies to form routes 415, and still takes forms", async () => {
    const routes = ["/preferences/theme", "/lists/favorites", "/lists/collections", "/app/auth/logout", "/anime/releases/release/x"];
    const bodies = [
      ["application/json", '{"theme":"dark"}'],
      ["text/plain", "theme=dark"],
      ["application/xml", "<theme>dark</theme>"],
      ["multipart/form-data; boundary=zzz", "--broken"],
    ];
    for (const route of routes) {
      for (const [type, body] of bodies) {
        const response = await fetch(`${app.baseUrl}${route}`, {
          method: "POST",
          headers: sameOrigin({ "Content-Type": type! }),
          body,
          redirect: "manual",
        });
        expect(response.status, `${type} to ${route}`).toBe(415);
      }
    }
    const form = await fetch(`${app.baseUrl}/preferences/theme`, {
      method: "POST",
      headers: sameOrigin(),
      body: new URLSearchParams({ theme: "dark", via: "fetcher" }),
    });
    expect(form.status).toBe(200);
    const untyped = await fetch(`${app.baseUrl}/preferences/theme`, { method: "PATCH", headers: sameOrigin() });
    expect(untyped.status).toBe(400);
  });

  it("refuses a 50 MB body before reading it", async () => {
    const answer = await rawAnswer(
      `POST /preferences/theme HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\ntheme=dark`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("Слишком большой запрос.");
  });

  it("answers 408 to a body that is declared and never sent, and to blank lines", async () => {
    const body = await rawAnswer(
      `POST /lists/favorites HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n`,
    );
    expect(body).toMatch(/^HTTP\/1\.1 408 /);
    const blank = await rawAnswer("\r\n\r\n\r\n");
    expect(blank).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("answers ?_data 400", async () => {
    expect((await fetch(`${app.baseUrl}/anything?_data=x`, { headers: person })).status).toBe(400);
    expect((await fetch(`${app.baseUrl}/?_data=root`, { headers: person })).status).toBe(400);
  });

  it("passes a static file's own refusal on (416 for a range past its end) instead of a 500", async () => {
    const response = await fetch(`${app.baseUrl}/favicon.ico`, { headers: { ...person, Range: "bytes=999999999-" } });
    expect(response.status).toBe(416);
  });

  it("answers an address that makes no URL 400, and ignores an untrusted X-Forwarded-Host on a write", async () => {
    expect((await rawAnswer(`GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n`)).startsWith("HTTP/1.1 400 ")).toBe(true);
    expect(
      (await rawAnswer(`OPTIONS * HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`)).startsWith("HTTP/1.1 400 "),
    ).toBe(true);
    const write = await fetch(`${app.baseUrl}/preferences/theme`, {
      method: "POST",
      headers: sameOrigin({ "X-Forwarded-Host": "evil.example" }),
      body: new URLSearchParams({ theme: "light", via: "fetcher" }),
    });
    expect(write.status).toBe(200);
  });

  it("sends a page path with doubled slashes to its single-slash form, and refuses writes to one", async () => {
    const read = await fetch(`${app.baseUrl}/anime/releases//latest//?page=2`, { headers: person, redirect: "manual" });
    expect(read.status).toBe(308);
    expect(read.headers.get("location")).toBe("/anime/releases/latest/?page=2");
    const backslashes = await rawAnswer(
      `GET /anime//x\\/?to=/\\evil.example HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`,
    );
    expect(backslashes).toContain("\r\nLocation: /anime/x%5C/?to=/%5Cevil.example\r\n");
    const write = await fetch(`${app.baseUrl}/lists//favorites`, {
      method: "POST",
      headers: sameOrigin(),
      body: new URLSearchParams({ releaseId: "1" }),
      redirect: "manual",
    });
    expect(write.status).toBe(404);
    expect(app.stderr()).not.toContain("embedded double slashes");
  });

  it("wrote not one error-level log line for all of the above", () => {
    expect(app.stderr()).not.toContain('"level":"error"');
  });
});
