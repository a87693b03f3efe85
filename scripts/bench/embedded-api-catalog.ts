// Benchmark: the embedded API's catalogue query at 50,000 releases, through the fetch handler.
// Run: npx tsx scripts/bench/embedded-api-catalog.ts — the last stdout line is the JSON result.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createEmbeddedApi } from "../../embedded-api/index";
import { percentile } from "./bench-helpers";

const RELEASES = Number(process.env.BENCH_RELEASES ?? 50_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const TARGET_P95_MS = 20;

// Words people type to find a title; a word in nearly every title ("the") is measured as its own variant.
const searchTerms = ["тайна", "дракон", "небесн", "город", "клинок", "academy", "ведьма", "из другого мира"];
const genreSets = ["1,5,9", "2,3", "4,11,17,21", "8", "12,14"];
// Searches by words: any order, other word forms, prefixes, English, a word in many titles.
const wordSearches = [
  "маяк грозового",
  "грозовые маяки",
  "keepers stormy",
  "драконы небесные",
  "тайны город",
  "академия ведьм",
  "хранит",
  "shadow of the",
];

interface Variant {
  name: string;
  query: (iteration: number) => string;
  /** Another call than the catalogue's (its answer is a bare list). */
  path?: string;
}

const allFilters: Variant = {
  name: "all filters",
  query: (i) =>
    new URLSearchParams({
      "f[genres]": genreSets[i % genreSets.length] as string,
      "f[types]": "TV,ONA,WEB",
      "f[seasons]": "winter,spring,autumn",
      "f[years][from_year]": "2005",
      "f[years][to_year]": "2024",
      "f[search]": searchTerms[i % searchTerms.length] as string,
      "f[sorting]": ["RATING_DESC", "FRESH_AT_DESC", "YEAR_ASC"][i % 3] as string,
      "f[age_ratings]": "R12_PLUS,R16_PLUS",
      "f[publish_statuses]": "IS_NOT_ONGOING",
      "f[production_statuses]": "IS_NOT_IN_PRODUCTION",
      page: "1",
      limit: "15",
    }).toString(),
};

const variants: Variant[] = [
  allFilters,
  { name: "no filters, first page", query: () => "limit=15" },
  {
    name: "search only",
    query: (i) => `f[search]=${encodeURIComponent(searchTerms[i % searchTerms.length] as string)}&limit=15`,
  },
  {
    name: "types + years, sorted by year, page 40",
    query: () => "f[types]=TV&f[years][from_year]=2010&f[sorting]=YEAR_DESC&page=40&limit=20",
  },
  {
    name: "genres + rating sort, 50 per page",
    query: (i) => `f[genres]=${genreSets[i % genreSets.length]}&f[sorting]=RATING_DESC&limit=50`,
  },
  {
    name: "search by words (any order, word forms, prefixes), ranked by relevance",
    query: (i) => `f[search]=${encodeURIComponent(wordSearches[i % wordSearches.length] as string)}&limit=15`,
  },
  {
    name: "quick search /app/search/releases by words, 20 best",
    path: "/api/v1/app/search/releases",
    query: (i) => `query=${encodeURIComponent(wordSearches[i % wordSearches.length] as string)}`,
  },
  {
    name: 'all filters with a word in nearly every title ("the")',
    query: (i) => allFilters.query(i).replace(/f%5Bsearch%5D=[^&]*/, "f%5Bsearch%5D=the"),
  },
];

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-api-bench-"));
const seedStarted = performance.now();
const api = createEmbeddedApi({ dbPath: path.join(directory, "bench.sqlite"), seed: { releases: RELEASES } });
console.log(`load average (1 min) ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} CPUs; wall-clock figures grow with it`);
console.log(`seeded ${RELEASES} releases in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

const rows: { benchmark: string; metric: string; value: number; unit: string; target?: string; pass?: boolean }[] = [];
try {
  for (const variant of variants) {
    const url = (i: number) => `http://bench.local${variant.path ?? "/api/v1/anime/catalog/releases"}?${variant.query(i)}`;
    for (let i = 0; i < 20; i++) await (await api.handle(new Request(url(i)))).text();
    const samples: number[] = [];
    let totalFound = 0;
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < ITERATIONS; i++) {
      const started = performance.now();
      const response = await api.handle(new Request(url(i)));
      const body = (await response.json()) as { meta: { pagination: { total: number } } } | unknown[];
      samples.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${variant.name}: HTTP ${response.status}`);
      totalFound += Array.isArray(body) ? body.length : body.meta.pagination.total;
    }
    const p95 = Math.round(percentile(samples, 0.95) * 100) / 100;
    const p50 = Math.round(percentile(samples, 0.5) * 100) / 100;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuPerRequest = Math.round(((cpu.user + cpu.system) / 1000 / ITERATIONS) * 100) / 100;
    console.log(
      `${variant.name}: p50 ${p50} ms, p95 ${p95} ms, CPU ${cpuPerRequest} ms/request, mean matches ${Math.round(totalFound / ITERATIONS)}`,
    );
    rows.push({
      benchmark: `embedded API catalogue query, ${RELEASES.toLocaleString("en-US")} releases, ${variant.name}`,
      metric: "p95",
      value: p95,
      unit: "ms",
      target: `<= ${TARGET_P95_MS}`,
      pass: p95 <= TARGET_P95_MS,
    });
  }
} finally {
  api.close();
  fs.rmSync(directory, { recursive: true, force: true });
}
console.log(JSON.stringify({ rows }));
