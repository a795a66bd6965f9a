import { defineConfig } from "@playwright/test";

// Debian's Chromium, never Playwright's own downloads; the server is started by the pytest
// harness (tests/test_web.py), which gives its address in SCRYPTIC_URL.
export default defineConfig({
  testDir: "tests/browser",
  timeout: 60_000,
  workers: 1,
  reporter: [["list"]],
  use: {
    baseURL: process.env.SCRYPTIC_URL ?? "http://127.0.0.1:8765",
    launchOptions: { executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: ["--no-sandbox"] },
    screenshot: "only-on-failure",
  },
});
