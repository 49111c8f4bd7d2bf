// `npm test` needs Debian's Chromium for the end-to-end tests; say how to get it when it is missing.
import { existsSync } from "node:fs";

const path = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(path)) {
  console.error(`Chromium not found at ${path}: install it with "sudo apt-get update && sudo apt-get install -y chromium" or set CHROME_PATH.`);
  process.exit(1);
}
