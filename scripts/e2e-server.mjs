// Starts the built production server for browser tests on a fresh embedded-API database.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

const directory = path.resolve(".cache", `e2e-${process.env.PORT ?? "4173"}`);
rmSync(directory, { recursive: true, force: true });
mkdirSync(directory, { recursive: true });

const server = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server-main.js`], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-session-secret-that-is-long-enough-0123456789",
    EMBEDDED_API_DB: path.join(directory, "embedded-api.sqlite"),
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
