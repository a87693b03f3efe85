import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, rawRequest } from "../tests/support/raw-http";
import { answerBuildVersion } from "./build-version";

type Server = Awaited<ReturnType<typeof listen>>;

describe("answerBuildVersion", () => {
  let server: Server;

  beforeAll(async () => {
    const app = express();
    app.get(
      "/build-version",
      answerBuildVersion(() => "8d1f2c"),
    );
    app.get(
      "/broken-build",
      answerBuildVersion(() => Promise.reject(new Error("the dev build did not compile"))),
    );
    server = await listen(app);
  });

  afterAll(() => server.close());

  it("answers the served build's version, never to be stored", async () => {
    const answer = await rawRequest(server.port, "/build-version");
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ version: "8d1f2c" });
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("answers 503 with Retry-After, not a hanging request, when the build cannot be loaded", async () => {
    const answer = await rawRequest(server.port, "/broken-build");
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe("30");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toBe("Версия сборки сейчас недоступна.");
  });
});
