// The second half of `npm run test:adversarial`: attacks in volume and across trust boundaries (decisions 0247–0250), where
// one request at a time shows nothing — many distinct cache keys, giant imports on every worker, floods of
// anonymous writes, a hostile upstream, a redirecting ad chain. Each attack is a module in ./volume/ named
// `*.attack.ts` whose default export is a VolumeAttack; it starts the servers it needs (loopback only), bounds its
// own requests in count and time, and says what it measured and what it found wrong. Needs a build.
// `VOLUME_ONLY=name[,name]` runs only those attacks.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export interface VolumeOutcome {
  /** What was measured, one line each, printed whatever the result ("RSS after 20,000 keys: 96 MB"). */
  figures: string[];
  /** Each broken promise, one line each; any fails the run. */
  failures: string[];
}

export interface VolumeAttack {
  /** Short kebab-case name, as VOLUME_ONLY takes it. */
  name: string;
  /** The bound it guards and its decision, for the report. */
  finding: string;
  /**
   * Most of its time is a wait on the server (a timer, connections closing), not work: it runs first, so that in
   * `npm test` the wait falls while the other steps still need the cores, not after they are done.
   */
  mostlyWaits?: boolean;
  run: () => Promise<VolumeOutcome>;
}

const ATTACK_DIRECTORY = path.join(path.dirname(fileURLToPath(import.meta.url)), "volume");

async function loadAttacks(): Promise<VolumeAttack[]> {
  const files = readdirSync(ATTACK_DIRECTORY)
    .filter((file) => file.endsWith(".attack.ts"))
    .sort();
  const attacks: VolumeAttack[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(ATTACK_DIRECTORY, file)).href)) as { default: VolumeAttack };
    attacks.push(module.default);
  }
  return attacks;
}

async function main(): Promise<number> {
  const only = (process.env.VOLUME_ONLY ?? "").split(",").filter(Boolean);
  const attacks = (await loadAttacks())
    .filter((attack) => only.length === 0 || only.includes(attack.name))
    .sort((first, second) => Number(Boolean(second.mostlyWaits)) - Number(Boolean(first.mostlyWaits)));
  if (attacks.length === 0) {
    console.error(`volume attacks: none to run${only.length ? ` (VOLUME_ONLY=${only.join(",")})` : ""}`);
    return only.length ? 1 : 0;
  }
  let failed = 0;
  let passed = 0;
  for (const attack of attacks) {
    const started = performance.now();
    let outcome: VolumeOutcome;
    try {
      outcome = await attack.run();
    } catch (error) {
      outcome = {
        figures: [],
        failures: [`the attack itself failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`],
      };
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const verdict = outcome.failures.length === 0 ? "ok" : "FAILED";
    console.log(`\nvolume: ${attack.name} (${attack.finding}) — ${verdict} in ${seconds} s`);
    for (const figure of outcome.figures) console.log(`  · ${figure}`);
    for (const failure of outcome.failures) console.log(`  ✗ ${failure}`);
    if (outcome.failures.length === 0) passed += 1;
    else failed += 1;
  }
  console.log(`\nvolume attacks: ${passed} of ${passed + failed} held`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
