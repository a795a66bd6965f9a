import { defineConfig } from "vite";

// The build goes where the Python server serves it from (server/web.py), and into the wheel.
export default defineConfig({
  build: { outDir: "../server/web_static", emptyOutDir: true, assetsInlineLimit: 0, sourcemap: false },
  test: { include: ["tests/unit/**/*.test.ts"], environment: "node" },
} as any);
