// End-to-end tests need a real Chromium; say how to get one instead of skipping silently.
import { accessSync, constants } from "node:fs";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
try {
  accessSync(chromium, constants.X_OK);
} catch {
  console.error(
    `No Chromium at ${chromium}. Install Debian's package with:\n\n    apt-get update && apt-get install -y chromium\n\nor point CHROMIUM_PATH at a Chromium binary.`,
  );
  process.exit(1);
}
