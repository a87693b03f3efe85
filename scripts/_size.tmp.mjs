import { startServer, PERSON_USER_AGENT, discoverParameters } from "./lib/server.mjs";
const server = await startServer({ port: 4393, env: { PAGE_CACHE_SECONDS: "0" } });
const { alias } = await discoverParameters(server.baseUrl);
for (const p of ["/", "/anime/catalog/", `/anime/releases/release/${alias}/`]) {
  const r = await fetch(server.baseUrl + p, { headers: { "user-agent": PERSON_USER_AGENT } });
  const t = await r.text();
  const i = t.indexOf("window.__remixContext"); 
  console.log(p, t.length, Buffer.byteLength(t), "scripts:", (t.match(/<script/g)||[]).length, "streamchunks:", (t.match(/__remixContext\.streamController\.enqueue/g)||[]).length);
}
await server.stop();
