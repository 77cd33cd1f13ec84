import path from "node:path";
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./scripts/precompress.js";

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/** The web app lives in src/web and builds to dist/web, which the server serves (src/server/app.ts). */
export default defineConfig({
  root: path.join(repoRoot, "src/web"),
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: path.join(repoRoot, "dist/web"),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and its router change less often than the app: their own chunk stays cached across releases
        codeSplitting: {
          groups: [{ name: "react", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://localhost:3000" },
  },
});
