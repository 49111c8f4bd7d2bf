import { readFileSync } from "node:fs";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints what the page showed when a test failed: Playwright's error context (the page's accessibility tree at the
 * failure), so a failure on a machine whose files are gone afterwards (CI) can still be read from its log.
 */
export default class FailureReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "passed" || result.status === "skipped") return;
    for (const attachment of result.attachments) {
      if (attachment.name !== "error-context") continue;
      const text = attachment.body ? attachment.body.toString("utf8") : attachment.path ? readFileSync(attachment.path, "utf8") : "";
      // From the error's details (with the tree of the element asked for) or the page's tree; not the test's source,
      // which the list reporter prints already.
      const starts = ["# Error details", "# Page snapshot"].map((h) => text.indexOf(h)).filter((i) => i >= 0);
      const from = starts.length > 0 ? Math.min(...starts) : 0;
      const to = text.indexOf("# Test source", from);
      const snapshot = text.slice(from, to > from ? to : undefined);
      console.log(`\n--- the page when "${test.title}" failed (${result.status}):\n${snapshot.slice(0, 12_000)}\n---`);
    }
  }

  printsToStdio() {
    return false;
  }
}
