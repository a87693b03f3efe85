// The server's answer about the build it runs, read by open pages (app/features/pwa/) and written by the HTTP server
// in front (server/build-version.ts): one address and one shape for both (docs/decisions/0072 and 0232).

export const BUILD_VERSION_PATH = "/build-version";

export type BuildVersionAnswer = { version: string };
