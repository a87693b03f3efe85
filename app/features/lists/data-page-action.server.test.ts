// The import form's action end to end around the API: caps, the one-at-a-time rule and hostile files are refused on
// the page with a 4xx before anything is claimed or written; an accepted import answers with its toast.
import { gzipSync } from "node:zlib";
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as SessionModule from "~/.server/session.server";
import { takeToast } from "~/.server/toast.server";
import type { ImportOutcome } from "./data-file";
import { IMPORT_CAPS, tooManyEntriesMessage } from "./data-file";
import { importGuardStrings, UPLOAD_RATE_LIMITS } from "./import-guard.server";
import { importStrings } from "./data-import.server";
import { listFileStrings } from "./list-file";
import { LIST_CHOICE_FIELD, LIST_IMPORT_INTENT } from "./list-import";
import { withLoadContext } from "../../../tests/support/load-context";

const calls = vi.hoisted(() => ({
  getProfile: vi.fn<() => Promise<{ id: number }>>(),
  importAccountData: vi.fn<() => Promise<ImportOutcome>>(),
}));

vi.mock("~/.server/api/profile", async (importOriginal) => ({ ...(await importOriginal<object>()), getProfile: calls.getProfile }));
vi.mock("./data-transfer.server", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  importAccountData: calls.importAccountData,
}));
vi.mock("~/.server/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  getSessionUser: () => ({ token: "token", issuedAt: new Date() }),
}));

const { dataPageAction } = await import("./account-data.server");

/** A multipart upload of `content` as the form's file, as the browser sends it. */
function upload(
  content: string | Uint8Array<ArrayBuffer>,
  name = "export.json",
  declaredLength?: number,
  clientIp?: string,
): ActionFunctionArgs {
  const form = new FormData();
  form.set("file", new Blob([content]), name);
  return post(form, declaredLength ?? (typeof content === "string" ? Buffer.byteLength(content) : content.length) + 400, clientIp);
}

let clients = 0;
/** Every upload from its own address unless a test says otherwise, so the upload limits bite only where meant to. */
const freshClientIp = () => `198.51.100.${(clients += 1) % 250}-${clients}`;

function post(form: FormData | URLSearchParams, declaredLength?: number, clientIp = freshClientIp()): ActionFunctionArgs {
  const encoded = new Response(form);
  return withLoadContext({
    request: new Request("http://localhost/me/data", {
      method: "POST",
      body: encoded.body,
      headers: {
        "Content-Type": encoded.headers.get("Content-Type") ?? "",
        "Content-Length": String(declaredLength ?? form.toString().length),
      },
      duplex: "half",
    } as RequestInit),
    params: {},
    context: { clientIp },
  });
}

function exportUpload(favorites: number): ActionFunctionArgs {
  return upload(
    JSON.stringify({
      format: "anilibria-web-export",
      version: 1,
      exportedAt: "2026-11-27T10:00:00.000Z",
      favorites: Array.from({ length: favorites }, (_, index) => index + 1),
      collections: [],
      timecodes: [],
    }),
  );
}

async function toastOf(response: unknown): Promise<string | undefined> {
  if (!(response instanceof Response)) throw new Error("the action answered without a toast");
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const { toast } = await takeToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast?.lines.join(" ");
}

/** The status and the message of a refused upload (shown on the page, not as a toast). */
function refusalOf(answer: unknown): { status: number | undefined; message: string } {
  const refusal = answer as { type?: string; data?: { importError?: string }; init?: { status?: number } | null };
  if (refusal.type !== "DataWithResponseInit" || typeof refusal.data?.importError !== "string") {
    throw new Error(`not a refusal: ${JSON.stringify(answer)}`);
  }
  return { status: refusal.init?.status, message: refusal.data.importError };
}

let accounts = 0;
beforeEach(() => {
  calls.getProfile.mockReset();
  calls.importAccountData.mockReset();
  // Each test its own account, so that the upload limit of one account bites only where a test wants it to.
  calls.getProfile.mockResolvedValue({ id: (accounts += 1) });
});

describe("the data page's import action", () => {
  it("refuses a file over the caps with the caps in its message, before anything is written", async () => {
    const answer = await dataPageAction(exportUpload(IMPORT_CAPS.favorites + 1));
    expect(refusalOf(answer)).toEqual({ status: 413, message: tooManyEntriesMessage });
    expect(calls.importAccountData).not.toHaveBeenCalled();
  });

  it("asks the account's upload limit before reading a byte: the eleventh post in ten minutes is refused unread", async () => {
    const broken = () => upload(malFile(malRecord(1)).replace("</myanimelist>", "</anime>"), "list.xml");
    for (let index = 0; index < UPLOAD_RATE_LIMITS.account.limit; index += 1)
      expect(refusalOf(await dataPageAction(broken())).status).toBe(422);
    const refused = broken();
    const answer = await dataPageAction(refused);
    const retryAfter = Number(new Headers((answer as { init?: ResponseInit }).init?.headers).get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(refusalOf(answer)).toEqual({ status: 429, message: importGuardStrings.uploadsLimited(retryAfter) });
    expect(refused.request.bodyUsed).toBe(false);
  });

  it("asks the address's upload limit before the account is even looked up", async () => {
    const clientIp = "2001:db8:5:5::1";
    for (let index = 0; index < UPLOAD_RATE_LIMITS.address.limit; index += 1) {
      calls.getProfile.mockResolvedValueOnce({ id: 10_000 + index });
      // Another address of the same /64 each time: one network, one budget.
      expect(refusalOf(await dataPageAction(upload("not json", "list.json", undefined, `2001:db8:5:5::${index + 2}`))).status).toBe(422);
    }
    calls.getProfile.mockClear();
    const refused = upload("not json", "list.json", undefined, clientIp);
    expect(refusalOf(await dataPageAction(refused)).status).toBe(429);
    expect(refused.request.bodyUsed).toBe(false);
    expect(calls.getProfile).not.toHaveBeenCalled();
  });

  it("tells a second upload of the same account that an import is running, and lets the next one in after", async () => {
    calls.getProfile.mockResolvedValue({ id: 41 });
    let finish: (outcome: ImportOutcome) => void = () => {};
    calls.importAccountData.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const first = dataPageAction(exportUpload(3));
    await vi.waitFor(() => expect(calls.importAccountData).toHaveBeenCalledTimes(1));
    const secondUpload = exportUpload(3);
    const second = await dataPageAction(secondUpload);
    expect(refusalOf(second)).toEqual({ status: 409, message: importGuardStrings.busy });
    // Refused before its file was read: one post of an account is read at a time (decision 0281).
    expect(secondUpload.request.bodyUsed).toBe(false);
    finish({ favorites: 3, collections: 0, timecodes: 0, skipped: 0 });
    expect(await toastOf(await first)).toMatch(/^Добавлено в избранное: 3/);
    calls.importAccountData.mockResolvedValueOnce({ favorites: 0, collections: 0, timecodes: 0, skipped: 2 });
    expect(await toastOf(await dataPageAction(exportUpload(3)))).toBe("Ничего не добавлено: записей, которых нет на сайте, — 2.");
  });
});

const malRecord = (id: number, status = "Watching") =>
  `<anime><series_animedb_id>${id}</series_animedb_id><series_title>T${id}</series_title><my_status>${status}</my_status></anime>`;
const malFile = (records: string) => `<?xml version="1.0" encoding="UTF-8" ?><myanimelist>${records}</myanimelist>`;

/** The classic billion laughs: ten levels of ten references, a few hundred bytes that expand to gigabytes. */
const entityBomb = [
  '<?xml version="1.0"?>',
  '<!DOCTYPE myanimelist [ <!ENTITY lol "lol">',
  ...Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level || ""};`.repeat(10)}">`),
  "]>",
  "<myanimelist><anime><series_title>&lol9;</series_title><my_status>Watching</my_status></anime></myanimelist>",
].join("\n");

describe("hostile anime lists are refused with a Russian message and a 4xx, before anything is written", () => {
  const cases: [string, () => ActionFunctionArgs, number, string][] = [
    ["a file over 1 MB", () => upload(malFile(malRecord(1).repeat(20_000)), "list.xml"), 413, importStrings.tooLarge],
    ["a body declared over the limit", () => upload(malFile(malRecord(1)), "list.xml", 5 * 1024 * 1024), 413, importStrings.tooLarge],
    [
      "a gzip bomb (60 MB of zeros in 60 KB)",
      () => upload(gzipSync(Buffer.alloc(60 * 1024 * 1024)), "list.xml.gz"),
      413,
      importStrings.tooLarge,
    ],
    ["a broken gzip", () => upload(new Uint8Array([0x1f, 0x8b, 1, 2, 3]), "list.xml.gz"), 422, importStrings.notReadable],
    ["an entity bomb", () => upload(entityBomb, "list.xml"), 422, listFileStrings.doctype],
    [
      "an external entity",
      () => upload('<!DOCTYPE a SYSTEM "file:///etc/passwd"><myanimelist/>', "list.xml"),
      422,
      listFileStrings.doctype,
    ],
    [
      "an undefined entity",
      () => upload(malFile("<anime><series_title>&xxe;</series_title></anime>"), "list.xml"),
      422,
      listFileStrings.malformedXml,
    ],
    ["unclosed XML", () => upload("<myanimelist><anime><series_title>a</series_title>", "list.xml"), 422, listFileStrings.malformedXml],
    ["crossed tags", () => upload("<myanimelist><anime></myanimelist></anime>", "list.xml"), 422, listFileStrings.malformedXml],
    ["deep nesting", () => upload(`${"<a>".repeat(10_000)}${"</a>".repeat(10_000)}`, "list.xml"), 422, listFileStrings.malformedXml],
    ["another XML document", () => upload("<html><body>hi</body></html>", "list.xml"), 422, listFileStrings.notAList],
    ["a manga list", () => upload(malFile("<manga><series_title>M</series_title></manga>"), "list.xml"), 422, listFileStrings.mangaOnly],
    ["an unknown status", () => upload(malFile(malRecord(1) + malRecord(2, "Hoarding")), "list.xml"), 422, listFileStrings.badEntry(2)],
    [
      "too many entries",
      () => upload(malFile("<anime><series_title>a</series_title><my_status>1</my_status></anime>".repeat(10_001)), "list.xml"),
      422,
      listFileStrings.tooMany,
    ],
    ["a JSON array of something else", () => upload("[1, 2, 3]", "list.json"), 422, listFileStrings.badEntry(1)],
    ["JSON of something else", () => upload('{"hello": "world"}', "list.json"), 422, importStrings.wrongFormat],
    ["not JSON at all", () => upload("hello", "list.json"), 422, importStrings.notJson],
    ["no file", () => post(new FormData(), 300), 400, importStrings.noFile],
    [
      "forged choices",
      () =>
        post(
          new URLSearchParams([
            ["intent", LIST_IMPORT_INTENT],
            [LIST_CHOICE_FIELD, "1.EVERYTHING.1"],
          ]),
        ),
      400,
      importStrings.badChoices,
    ],
    [
      "a confirmation with nothing ticked",
      () => post(new URLSearchParams([["intent", LIST_IMPORT_INTENT]])),
      400,
      importStrings.nothingChosen,
    ],
  ];

  it.each(cases)("%s", async (_name, request, status, message) => {
    const answer = await dataPageAction(request());
    expect(refusalOf(answer)).toEqual({ status, message });
    expect(calls.importAccountData).not.toHaveBeenCalled();
  });
});
