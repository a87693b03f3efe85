// End-to-end tests need Debian's headless shell of Chromium (decision 0275); say how to get it instead of skipping silently.
import { accessSync, constants } from "node:fs";
import { HEADLESS_SHELL_PATH } from "./lib/server.mjs";

try {
  accessSync(HEADLESS_SHELL_PATH, constants.X_OK);
} catch {
  console.error(
    `No Chromium headless shell at ${HEADLESS_SHELL_PATH}. Install Debian's package with:\n\n    apt-get update && apt-get install -y chromium-headless-shell\n\nor point CHROMIUM_HEADLESS_SHELL_PATH at a headless shell of Chromium.`,
  );
  process.exit(1);
}
