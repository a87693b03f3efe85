// `npm run embedded-api`: the embedded API as its own HTTP server.
import { z } from "zod";
import { createEmbeddedApi } from "./index";
import { startStandaloneServer } from "./node-http-adapter";

const EnvSchema = z.object({
  EMBEDDED_API_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  EMBEDDED_API_DB: z.string().min(1).default("./data/embedded-api.sqlite"),
  EMBEDDED_API_SEED_RELEASES: z.coerce.number().int().min(1).max(200_000).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  NODE_ENV: z.string().optional(),
});

const parsed = EnvSchema.safeParse(process.env);
if (!parsed.success) {
  for (const issue of parsed.error.issues) console.error(`[embedded-api] ${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}
const env = parsed.data;

const startedAt = Date.now();
const api = createEmbeddedApi({
  dbPath: env.EMBEDDED_API_DB,
  seed: { releases: env.EMBEDDED_API_SEED_RELEASES },
  recaptchaSecret: env.RECAPTCHA_SECRET,
  production: env.NODE_ENV === "production",
});
const running = await startStandaloneServer(api.handle, env.EMBEDDED_API_PORT);
console.log(
  `[embedded-api] http://localhost:${running.port}/api/v1 (database ${env.EMBEDDED_API_DB}, ready in ${Date.now() - startedAt} ms)`,
);
if (env.NODE_ENV !== "production") console.log(`[embedded-api] mailbox: http://localhost:${running.port}/embedded/mailbox`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`[embedded-api] ${signal}: closing`);
  await running.close();
  api.close();
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
