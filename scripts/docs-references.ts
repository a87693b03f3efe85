// Keeps the repository's references inside it: no citations of documents that live elsewhere, no numbered rounds of
// work or tickets of a tracker nobody outside has (docs/decisions/README.md), and every
// `docs/<file>.md#<anchor>` or relative Markdown link names a file and heading that exist (docs/architecture.md#layers).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export type Finding = { file: string; line: number; text: string; problem: string };

/** Citations of documents that are not in the repository (the old product spec, design notes, upstream notes). */
const OUTSIDE_REFERENCES: readonly { pattern: RegExp; problem: string }[] = [
  { pattern: /\bspec\s*\u00a7|\u00a7\s*\d/i, problem: "a numbered spec section: cite docs/product.md#<section>" },
  { pattern: /\bDESIGN(?:\.md)?\b/, problem: "the design notes: cite docs/architecture.md" },
  { pattern: /\bPRODUCT\.md\b/, problem: "the product spec: cite docs/product.md" },
  { pattern: /\bupstream(?:\/|\s+)README\b/i, problem: "the upstream notes: cite docs/upstream.md" },
  { pattern: /\/work\/|\.\.\/shared\/|\bshared\/(?:spec|upstream)\b/, problem: "a path outside the repository" },
  { pattern: /\bsessions?[ -]\d/i, problem: "a numbered round of work: cite a decision, a date or a commit" },
  { pattern: /\bissues?[ -]#?\d/i, problem: "a ticket of an outside tracker: cite the decision that records the rule" },
];

/** Generated, binary or third-party files: nothing in them is ours to cite. */
const SKIPPED = [
  /^embedded-api\/media\//,
  /^package-lock\.json$/,
  /^embedded-api\/contract\/openapi-v1\.json$/,
  /\.(png|ico|jpg|webp|woff2?)$/,
];

export function findOutsideReferences(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  text.split("\n").forEach((lineText, index) => {
    for (const { pattern, problem } of OUTSIDE_REFERENCES) {
      if (pattern.test(lineText)) findings.push({ file, line: index + 1, text: lineText.trim(), problem });
    }
  });
  return findings;
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped (but `-` and `_`), each space a `-`. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Every anchor a Markdown file's headings produce, repeated headings numbered as GitHub does (`-1`, `-2`). */
export function markdownAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = headingSlug(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

export type Citation = { file: string; line: number; target: string; anchors: string[] };

// `docs/product.md#states`, also chained: `docs/product.md#states, #constants`, `… and #roles`, `…#ui/#calls`.
const DOCS_CITATION = /(?<![\w/.-])(docs\/[\w./-]+\.md)((?:#[\w-]+)(?:(?:, | and |\/)#[\w-]+)*)?/g;
// `[text](target)` in Markdown; external addresses and mail links are not ours to check.
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

/** The `docs/…md#anchor` citations of any file, and (in Markdown) its relative links, resolved from the repository root. */
export function findCitations(file: string, text: string): Citation[] {
  const citations: Citation[] = [];
  const lines = text.split("\n");
  lines.forEach((lineText, index) => {
    for (const match of lineText.matchAll(DOCS_CITATION)) {
      citations.push({
        file,
        line: index + 1,
        target: match[1] as string,
        anchors: [...(match[2] ?? "").matchAll(/#([\w-]+)/g)].map((m) => m[1] as string),
      });
    }
    if (!file.endsWith(".md")) return;
    for (const match of lineText.matchAll(MARKDOWN_LINK)) {
      const link = match[1] as string;
      if (/^[a-z][a-z0-9+.-]*:/i.test(link) || link.startsWith("/")) continue;
      const [linkPath = "", anchor] = link.split("#");
      const target = linkPath === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), linkPath));
      citations.push({ file, line: index + 1, target, anchors: anchor ? [anchor] : [] });
    }
  });
  return citations;
}

/** The problems of one citation: a missing file, or an anchor no heading of that file produces. */
export function checkCitation(citation: Citation, read: (file: string) => string | null): Finding[] {
  const where = { file: citation.file, line: citation.line, text: `${citation.target}${citation.anchors.map((a) => `#${a}`).join(" ")}` };
  const target = read(citation.target);
  if (target === null) return [{ ...where, problem: `${citation.target} does not exist` }];
  if (citation.anchors.length === 0 || !citation.target.endsWith(".md")) return [];
  const anchors = markdownAnchors(target);
  return citation.anchors
    .filter((anchor) => !anchors.has(anchor))
    .map((anchor) => ({ ...where, problem: `${citation.target} has no heading #${anchor}` }));
}

/** Entries at the root that are never the repository's own text (the fallback walk's stand-in for .gitignore). */
const NOT_OURS_AT_THE_ROOT = /^(node_modules|build|build-.*|\.cache|data|test-results|playwright-report|bench-results|\.git)$/;

/** Tracked and new (not ignored) files of the repository, as paths from its root; a plain walk outside a git checkout. */
export function repositoryFiles(root: string): string[] {
  let listed: string[];
  try {
    listed = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" }).split(
      "\0",
    );
  } catch {
    listed = walk(root, "");
  }
  return listed.filter((file) => file && !SKIPPED.some((pattern) => pattern.test(file)) && existsSync(path.join(root, file)));
}

function walk(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    // `.git` is a file in a worktree, a folder elsewhere.
    if (folder === "" && NOT_OURS_AT_THE_ROOT.test(entry.name)) return [];
    if (entry.isDirectory()) return walk(root, relative);
    return entry.isFile() ? [relative] : [];
  });
}

/** Every outside reference and every broken citation in the repository; `exempt` files are not scanned. */
export function checkRepository(root: string, exempt: readonly string[] = []): Finding[] {
  const read = (file: string): string | null => {
    const full = path.join(root, file);
    if (!existsSync(full)) return null;
    // A link to a folder (GitHub shows its listing) exists but has no headings.
    return statSync(full).isDirectory() ? "" : readFileSync(full, "utf8");
  };
  const findings: Finding[] = [];
  for (const file of repositoryFiles(root)) {
    if (exempt.includes(file)) continue;
    const text = read(file);
    if (text === null || text.includes("\0")) continue;
    findings.push(...findOutsideReferences(file, text));
    for (const citation of findCitations(file, text)) findings.push(...checkCitation(citation, read));
  }
  return findings;
}
