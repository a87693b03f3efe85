// One of several processes that open the same fresh database file at once and write to it, for
// database.test.ts: prints {"statuses": {...}, "errors": [...]} as JSON.
// Usage: tsx embedded-api/db/concurrent-writer.fixture.ts <db file> <process index> <process count> <rounds>
import { DEMO_ACCOUNT } from "../demo-constants";
import { TestClient, asJson, asList } from "../test-support";

const [dbPath, indexText, countText, roundsText] = process.argv.slice(2);
const index = Number(indexText);
const count = Number(countText);
const rounds = Number(roundsText);
const statuses: Record<string, number> = {};
const errors: string[] = [];
const note = (status: number) => (statuses[status] = (statuses[status] ?? 0) + 1);

try {
  const client = new TestClient({ dbPath });
  const token = await client.signIn();
  const page = asJson((await client.get("/anime/catalog/releases?limit=50", { token })).body);
  // Each process adds its own share of the releases, one request each, and signs in again between them.
  const mine = asList(page.data)
    .map((release) => release.id as number)
    .filter((_, position) => position % count === index)
    .slice(0, rounds);
  for (const releaseId of mine) {
    note((await client.post("/accounts/users/me/favorites", { token, body: [{ release_id: releaseId }] })).status);
    note(
      (await client.post("/accounts/users/auth/login", { body: { login: DEMO_ACCOUNT.login, password: DEMO_ACCOUNT.password } })).status,
    );
  }
  client.close();
} catch (error) {
  errors.push(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
}
console.log(JSON.stringify({ statuses, errors }));
