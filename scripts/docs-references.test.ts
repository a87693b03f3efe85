import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  checkCitation,
  checkRepository,
  findCitations,
  findOutsideReferences,
  headingSlug,
  markdownAnchors,
  repositoryFiles,
} from "./docs-references";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// These two files spell out the forbidden references on purpose. The repository speaks of itself: it cites decisions,
// dates and commits, never a numbered round of work or a ticket of a tracker outside it (docs/decisions/README.md).
const SELF = ["scripts/docs-references.ts", "scripts/docs-references.test.ts"];

describe("findOutsideReferences", () => {
  const SESSION = "session";
  const ISSUE = "issue";
  it.each([
    ["// Lists load by page and append (spec \u00a74).", "a numbered spec section"],
    ["Visitors get the defaults (\u00a79): video ads on.", "a numbered spec section"],
    ['(DESIGN: "the browser never sees the upstream token")', "the design notes"],
    ["see PRODUCT.md for the routes", "the product spec"],
    ["// Always a list, even of one (upstream README).", "the upstream notes"],
    ["runtime facts in `upstream/README.md`", "the upstream notes"],
    ["a copy of `../shared/upstream/openapi-v1.json`", "a path outside the repository"],
    ["read /work/shared/DESIGN.md first", "a path outside the repository"],
    // Composed, so that a search of the repository for such mentions finds none here either.
    [`// Seen after the ${SESSION} 21 merge.`, "a numbered round of work"],
    [`## Addendum (${SESSION.replace("s", "S")} 8): the floor`, "a numbered round of work"],
    [`// ${ISSUE.replace("i", "I")} 36 finding 7: anonymous writes`, "a ticket of an outside tracker"],
    [`(${ISSUE} 38, item 5)`, "a ticket of an outside tracker"],
    [`the ${ISSUE}-15 item it belongs to`, "a ticket of an outside tracker"],
    [`fixed in #12, see ${ISSUE} #40`, "a ticket of an outside tracker"],
  ])("flags %j", (line, problem) => {
    expect(
      findOutsideReferences("x.ts", line)
        .map((finding) => finding.problem)
        .join(" "),
    ).toContain(problem);
  });

  it("leaves our own docs and ordinary words alone", () => {
    expect(
      findOutsideReferences(
        "x.ts",
        "// Lists append (docs/product.md#states); a design choice, the upstream's README-like notes; the session cookie, an issue of 2 ms, React error #421.",
      ),
    ).toEqual([]);
  });
});

describe("headingSlug and markdownAnchors", () => {
  it("slugs headings as GitHub does", () => {
    expect(headingSlug("Where does X live")).toBe("where-does-x-live");
    expect(headingSlug("`sitemap.xml`, release files of ≤ 50,000 URLs")).toBe("sitemapxml-release-files-of--50000-urls");
    expect(headingSlug("Сигнал и «шум»")).toBe("сигнал-и-шум");
  });

  it("numbers repeated headings and skips code blocks", () => {
    const anchors = markdownAnchors("# Title\n## Notes\n```sh\n# not a heading\n```\n## Notes\n");
    expect([...anchors]).toEqual(["title", "notes", "notes-1"]);
  });
});

describe("findCitations and checkCitation", () => {
  const files: Record<string, string> = {
    "docs/product.md": "# Product\n## States\n## Constants\n",
    "docs/decisions/README.md": "# Decisions\n",
  };
  const read = (file: string) => files[file] ?? null;

  it("reads chained anchors and relative Markdown links", () => {
    const citations = findCitations(
      "docs/architecture.md",
      "(docs/product.md#states, #constants) and [index](decisions/README.md) and [x](https://example.com)",
    );
    expect(citations.map(({ target, anchors }) => [target, anchors])).toEqual([
      ["docs/product.md", ["states", "constants"]],
      ["docs/decisions/README.md", []],
    ]);
  });

  it("reports a missing heading and a missing file", () => {
    const [good, badAnchor, badFile] = findCitations("a.ts", "docs/product.md#states docs/product.md#roles docs/nowhere.md#x");
    expect(checkCitation(good!, read)).toEqual([]);
    expect(checkCitation(badAnchor!, read)[0]?.problem).toBe("docs/product.md has no heading #roles");
    expect(checkCitation(badFile!, read)[0]?.problem).toBe("docs/nowhere.md does not exist");
  });
});

describe("the repository", () => {
  it("scans the source, tests and docs, not dependencies or media", () => {
    const files = repositoryFiles(root);
    expect(files).toEqual(
      expect.arrayContaining(["README.md", "docs/product.md", "app/root.tsx", "embedded-api/README.md", "tests/e2e/sections.spec.ts"]),
    );
    expect(files.some((file) => file.startsWith("node_modules/") || file.startsWith("embedded-api/media/"))).toBe(false);
  });

  it("cites only its own documents, and every cited file and heading exists", () => {
    const findings = checkRepository(root, SELF).map(({ file, line, problem, text }) => `${file}:${line}: ${problem} — ${text}`);
    expect(findings).toEqual([]);
  });
});
