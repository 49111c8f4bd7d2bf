// A page helper process (decision 015), started by the production entry: bundled to BUILD_DIR/server/page-helper.js.
import { loadConfigOrExit } from "~/server/config.ts";
import { createLogger } from "~/server/logger.ts";
import { runPageHelper } from "~/server/page-helper-process.ts";

runPageHelper(createLogger(loadConfigOrExit()));
