// Several processes on one database file (the production cluster's workers): one writer at a time, nothing lost.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "./database";

const run = promisify(execFile);
const directories: string[] = [];

function freshDirectory(): string {
  const directory = mkdtempSync(path.join(tmpdir(), "embedded-db-"));
  directories.push(directory);
  return directory;
}

afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

describe("openDatabase", () => {
  it("opens in WAL mode", () => {
    const db = openDatabase(path.join(freshDirectory(), "api.sqlite"));
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  it("begins every transaction with the write lock, so another connection's write cannot slip in between", () => {
    const file = path.join(freshDirectory(), "api.sqlite");
    const db = openDatabase(file);
    const other = new Database(file);
    other.pragma("busy_timeout = 0");
    let otherWrite: unknown = null;
    db.transaction(() => {
      db.prepare("SELECT COUNT(*) FROM releases").get();
      try {
        other.prepare("INSERT INTO genres (id, name, image_index) VALUES (900, 'x', 0)").run();
      } catch (error) {
        otherWrite = error;
      }
      db.prepare("INSERT INTO genres (id, name, image_index) VALUES (901, 'y', 0)").run();
    })();
    expect((otherWrite as { code?: string } | null)?.code).toBe("SQLITE_BUSY");
    expect(db.prepare("SELECT id FROM genres WHERE id >= 900").pluck().all()).toEqual([901]);
    other.close();
    db.close();
  });
});

describe("several processes on one fresh file", () => {
  it("seed it once and lose none of each other's writes", { timeout: 90_000 }, async () => {
    const file = path.join(freshDirectory(), "api.sqlite");
    const processes = 3;
    const rounds = 12;
    const fixture = path.join(import.meta.dirname, "concurrent-writer.fixture.ts");
    const results = await Promise.all(
      Array.from({ length: processes }, (_, index) =>
        run(process.execPath, ["--import", "tsx", fixture, file, String(index), String(processes), String(rounds)]).then(
          ({ stdout }) => JSON.parse(stdout.trim().split("\n").pop() ?? "{}") as { statuses: Record<string, number>; errors: string[] },
        ),
      ),
    );
    for (const result of results) {
      expect(result.errors).toEqual([]);
      expect(result.statuses).toEqual({ 200: rounds * 2 });
    }
    const db = new Database(file, { readonly: true });
    expect(db.prepare("SELECT COUNT(*) FROM releases").pluck().get()).toBe(120);
    expect(db.prepare("SELECT COUNT(*) FROM favorites").pluck().get()).toBe(processes * rounds);
    expect(db.prepare("SELECT SUM(added_in_users_favorites) FROM releases").pluck().get()).toBeGreaterThanOrEqual(processes * rounds);
    db.close();
  });
});
