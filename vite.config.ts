import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import remixOptions from "./remix.config.js";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const underVitest = Boolean(process.env.VITEST);

export default defineConfig({
  plugins: [underVitest ? null : remix(remixOptions), tsconfigPaths()],
  server: { port: 3000 },
  build: { target: "es2020" },
  ssr: { external: ["better-sqlite3"] },
});
