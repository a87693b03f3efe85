import autocannon from "autocannon";
import { startServer, PERSON_USER_AGENT, discoverParameters } from "./lib/server.mjs";
const path = process.argv[2] ?? "/anime/catalog/";
const server = await startServer({ port: 4391, env: { PAGE_CACHE_SECONDS: "0" }, nodeArguments: ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"] });
const { alias } = await discoverParameters(server.baseUrl);
const url = server.baseUrl + path.replace("ALIAS", alias);
await autocannon({ url, connections: 10, amount: 1500, headers: { "user-agent": PERSON_USER_AGENT } });
await autocannon({ url, connections: 10, amount: 3000, headers: { "user-agent": PERSON_USER_AGENT } });
await server.stop();
