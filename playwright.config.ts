import { defineConfig, devices } from "@playwright/test";

export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const DESKTOP = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };
/**
 * Titles of tests that change site-wide settings: see the "site-wide" projects. Each runs alone, one after the other
 * (the two-factor policy, while on, sends the admin of the catalogue's test to enrolment).
 */
const TWO_FACTOR_POLICY = /the firm requires two-factor sign-in/;
const CATALOGUE = /the firm changes a price in its catalogue/;
const SITE_WIDE = new RegExp(`${TWO_FACTOR_POLICY.source}|${CATALOGUE.source}`);

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/support/global-setup.ts",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // A flaky test is fixed (it waits for what a person sees), never retried: on CI as on your machine.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["./tests/e2e/support/failure-reporter.ts"]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // Recording a trace costs every test a third of its time on two cores (screencast frames) or a sixth (DOM
    // snapshots only), so it is asked for when a failure is being looked into: E2E_TRACE=1. A failed test keeps its
    // screenshot and the page's accessibility tree, which the reporter prints (support/failure-reporter.ts).
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    // The picture of a failed test is kept (and its trace with E2E_TRACE=1); pictures of passing screens: `shot()` (support/shots.ts).
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROME_PATH,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-quic",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: DESKTOP, grepInvert: SITE_WIDE },
    // Tests that change what every signed-in user or visitor meets (the firm's two-factor policy, the prices) run alone,
    // after the rest and after each other.
    { name: "site-wide", use: DESKTOP, grep: TWO_FACTOR_POLICY, dependencies: ["desktop"] },
    { name: "site-wide-catalogue", use: DESKTOP, grep: CATALOGUE, dependencies: ["site-wide"] },
  ],
});
