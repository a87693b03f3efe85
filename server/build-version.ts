// GET /build-version: the version of the build this server runs. Open pages poll it to learn of a new deployment and
// then load their next page in full (docs/decisions/0072 and 0232).
import type { Request, Response } from "express";
import type { BuildVersionAnswer } from "../app/domain/build-version";

const RETRY_SECONDS = 30;

export function answerBuildVersion(currentVersion: () => string | Promise<string>) {
  return async (_request: Request, response: Response) => {
    // Each replica answers for itself; a shared cache would hide a deployment.
    response.setHeader("Cache-Control", "no-store");
    let answer: BuildVersionAnswer;
    try {
      answer = { version: await currentVersion() };
    } catch {
      // Only the dev server's build can fail to load here; the page takes any other answer as "no news".
      response.status(503).setHeader("Retry-After", String(RETRY_SECONDS));
      response.type("text").send("Версия сборки сейчас недоступна.");
      return;
    }
    response.status(200).json(answer);
  };
}
