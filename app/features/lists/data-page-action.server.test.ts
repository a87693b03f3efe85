// The import form's action end to end around the API: caps and the one-at-a-time rule answer with their toasts.
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as SessionModule from "~/.server/session.server";
import { takeToast } from "~/.server/toast.server";
import type { ImportOutcome } from "./data-file";
import { IMPORT_CAPS, tooManyEntriesMessage } from "./data-file";
import { importGuardStrings } from "./import-guard.server";
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

function exportUpload(favorites: number): ActionFunctionArgs {
  const file = JSON.stringify({
    format: "anilibria-web-export",
    version: 1,
    exportedAt: "2026-11-27T10:00:00.000Z",
    favorites: Array.from({ length: favorites }, (_, index) => index + 1),
    collections: [],
    timecodes: [],
  });
  const form = new FormData();
  form.set("file", new Blob([file], { type: "application/json" }), "export.json");
  const encoded = new Response(form);
  return withLoadContext({
    request: new Request("http://localhost/me/data", {
      method: "POST",
      body: encoded.body,
      headers: { "Content-Type": encoded.headers.get("Content-Type") ?? "", "Content-Length": String(file.length + 400) },
      duplex: "half",
    } as RequestInit),
    params: {},
    context: {},
  });
}

async function toastOf(response: Response): Promise<string | undefined> {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  const { toast } = await takeToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
  return toast?.lines.join(" ");
}

beforeEach(() => {
  calls.getProfile.mockReset();
  calls.importAccountData.mockReset();
});

describe("the data page's import action", () => {
  it("refuses a file over the caps with the caps in its message, before any call", async () => {
    const response = await dataPageAction(exportUpload(IMPORT_CAPS.favorites + 1));
    expect(response.status).toBe(303);
    expect(await toastOf(response)).toBe(tooManyEntriesMessage);
    expect(calls.getProfile).not.toHaveBeenCalled();
    expect(calls.importAccountData).not.toHaveBeenCalled();
  });

  it("tells a second upload of the same account that an import is running, and lets the next one in after", async () => {
    calls.getProfile.mockResolvedValue({ id: 41 });
    let finish: (outcome: ImportOutcome) => void = () => {};
    calls.importAccountData.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const first = dataPageAction(exportUpload(3));
    await vi.waitFor(() => expect(calls.importAccountData).toHaveBeenCalledTimes(1));
    const second = await dataPageAction(exportUpload(3));
    expect(await toastOf(second)).toBe(importGuardStrings.busy);
    finish({ favorites: 3, collections: 0, timecodes: 0, skipped: 0 });
    expect(await toastOf(await first)).toMatch(/^Добавлено в избранное: 3/);
    calls.importAccountData.mockResolvedValueOnce({ favorites: 0, collections: 0, timecodes: 0, skipped: 2 });
    expect(await toastOf(await dataPageAction(exportUpload(3)))).toBe("Ничего не добавлено: записей, которых нет на сайте, — 2.");
  });
});
