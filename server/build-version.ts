// GET /build-version: the version of the build this server runs. Open pages poll it to learn of a new deployment and
// then load their next page in full (docs/decisions/0072 and 0232).
import type { Request, Response } from "express";
import type { BuildVersionAnswer } from "../app/features/pwa/build-version";

export function answerBuildVersion(currentVersion: () => string | Promise<string>) {
  return async (_request: Request, response: Response) => {
    const answer: BuildVersionAnswer = { version: await currentVersion() };
    // Each replica answers for itself; a shared cache would hide a deployment.
    response.status(200).setHeader("Cache-Control", "no-store");
    response.json(answer);
  };
}
