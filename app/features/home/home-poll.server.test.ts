import { beforeEach, describe, expect, it, vi } from "vitest";
import { UpstreamNotFoundError, UpstreamUnauthorizedError, UpstreamUnavailableError, UpstreamValidationError } from "~/.server/api/errors";
import type * as SessionModule from "~/.server/session.server";
import type { Poll } from "~/domain/poll";
import { withLoadContext } from "../../../tests/support/load-context";

const api = vi.hoisted(() => ({
  getCurrentPoll: vi.fn<(caller: unknown) => Promise<Poll | null>>(),
  votePoll: vi.fn<(caller: unknown, pollId: number, optionId: number) => Promise<Poll>>(),
}));
const session = vi.hoisted(() => ({ token: "token" as string | null }));

vi.mock("~/.server/api/polls", () => api);
vi.mock("~/.server/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  getSessionUser: () => (session.token === null ? null : { token: session.token, issuedAt: new Date() }),
}));

const { loadHomePoll, pollVoteAction, pollVoteRateLimiter, POLL_VOTE_RATE_LIMIT } = await import("./home-poll.server");
const { pollStrings } = await import("./strings");
const { createLoadContext } = await import("~/.server/load-context.server");

const poll: Poll = {
  id: 1,
  question: "Как смотрите?",
  options: [
    { id: 1, title: "В озвучке", votes: 0 },
    { id: 2, title: "С субтитрами", votes: 0 },
  ],
  totalVotes: null,
  votedOptionId: null,
  isEnded: false,
};
const call = { method: "POST", path: "/polls/1/votes" };

function post(fields: Record<string, string>): Request {
  return new Request("http://localhost/polls/vote", { method: "POST", body: new URLSearchParams(fields) });
}

type DataResult = { data: unknown; init: ResponseInit | null };
const client = (address: string) => ({ clientIp: address });

async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

beforeEach(() => {
  session.token = "token";
  pollVoteRateLimiter.clear();
  for (const mock of Object.values(api)) mock.mockReset();
});

describe("loadHomePoll", () => {
  it("says whether the viewer may vote, and hides the block without a poll or when the upstream fails", async () => {
    api.getCurrentPoll.mockResolvedValue(poll);
    expect(await loadHomePoll(createLoadContext(new Request("http://localhost/")).api)).toEqual({ poll, signedIn: true });
    session.token = null;
    expect(await loadHomePoll(createLoadContext(new Request("http://localhost/")).api)).toEqual({ poll, signedIn: false });
    api.getCurrentPoll.mockResolvedValue(null);
    expect(await loadHomePoll(createLoadContext(new Request("http://localhost/")).api)).toBeNull();
    api.getCurrentPoll.mockRejectedValue(new UpstreamUnavailableError({ method: "GET", path: "/polls/current" }, "timeout"));
    expect(await loadHomePoll(createLoadContext(new Request("http://localhost/")).api)).toBeNull();
  });
});

describe("pollVoteAction", () => {
  it("votes for a plain form and returns to the poll with a toast", async () => {
    api.votePoll.mockResolvedValue({ ...poll, totalVotes: 1, votedOptionId: 2 });
    const response = (await pollVoteAction(
      withLoadContext({ request: post({ pollId: "1", optionId: "2" }), context: client("a") }),
    )) as Response;
    expect(api.votePoll).toHaveBeenCalledWith(expect.anything(), 1, 2);
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/#home-poll");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
  });

  it("answers a fetcher with JSON", async () => {
    api.votePoll.mockResolvedValue({ ...poll, totalVotes: 1, votedOptionId: 2 });
    const result = (await pollVoteAction(
      withLoadContext({
        request: post({ pollId: "1", optionId: "2", via: "fetcher" }),
        context: client("a"),
      }),
    )) as unknown as DataResult;
    expect(result.data).toEqual({ ok: true, message: pollStrings.voted });
  });

  it("refuses a form without an option before calling the upstream", async () => {
    const forms: Record<string, string>[] = [
      { pollId: "1" },
      { pollId: "1", optionId: "0" },
      { pollId: "x", optionId: "2" },
      { pollId: "1", optionId: "1e400" },
    ];
    for (const fields of forms) {
      const result = (await pollVoteAction(
        withLoadContext({
          request: post({ ...fields, via: "fetcher" }),
          context: client("a"),
        }),
      )) as unknown as DataResult;
      expect(result.init?.status).toBe(400);
      expect(result.data).toEqual({ ok: false, message: pollStrings.pickOption });
    }
    expect(api.votePoll).not.toHaveBeenCalled();
  });

  it("says why a second vote was refused", async () => {
    api.votePoll.mockRejectedValue(new UpstreamUnavailableError(call, "status", 409));
    api.getCurrentPoll.mockResolvedValue({ ...poll, totalVotes: 1, votedOptionId: 1 });
    const result = (await pollVoteAction(
      withLoadContext({
        request: post({ pollId: "1", optionId: "2", via: "fetcher" }),
        context: client("a"),
      }),
    )) as unknown as DataResult;
    expect(result.init?.status).toBe(409);
    expect(result.data).toEqual({ ok: false, message: pollStrings.alreadyVoted });
    api.getCurrentPoll.mockResolvedValue({ ...poll, totalVotes: 1, isEnded: true });
    const ended = (await pollVoteAction(
      withLoadContext({
        request: post({ pollId: "1", optionId: "2", via: "fetcher" }),
        context: client("a"),
      }),
    )) as unknown as DataResult;
    expect(ended.data).toEqual({ ok: false, message: pollStrings.pollEnded });
  });

  it("passes on the upstream's word for a bad option and a missing poll", async () => {
    api.votePoll.mockRejectedValueOnce(new UpstreamValidationError(call, 422, "Такого варианта ответа в опросе нет.", {}));
    const bad = (await pollVoteAction(
      withLoadContext({
        request: post({ pollId: "1", optionId: "9", via: "fetcher" }),
        context: client("a"),
      }),
    )) as unknown as DataResult;
    expect(bad.data).toEqual({ ok: false, message: "Такого варианта ответа в опросе нет." });
    api.votePoll.mockRejectedValueOnce(new UpstreamNotFoundError(call));
    const gone = (await pollVoteAction(
      withLoadContext({
        request: post({ pollId: "5", optionId: "9", via: "fetcher" }),
        context: client("a"),
      }),
    )) as unknown as DataResult;
    expect(gone.init?.status).toBe(404);
  });

  it("sends visitors and dead sessions to sign in, back to the home page", async () => {
    session.token = null;
    const visitor = await thrown(() =>
      pollVoteAction(withLoadContext({ request: post({ pollId: "1", optionId: "2" }), context: client("a") })),
    );
    expect(visitor.headers.get("Location")).toBe("/app/auth/login?redirectTo=%2F");
    session.token = "token";
    api.votePoll.mockRejectedValue(new UpstreamUnauthorizedError(call, null));
    const expired = await thrown(() =>
      pollVoteAction(withLoadContext({ request: post({ pollId: "1", optionId: "2" }), context: client("a") })),
    );
    expect(expired.headers.get("Location")).toBe("/app/auth/login?redirectTo=%2F");
    expect(expired.headers.get("Set-Cookie")).toMatch(/Expires=Thu, 01 Jan 1970/);
  });

  it("limits votes per client address", async () => {
    api.votePoll.mockResolvedValue({ ...poll, totalVotes: 1, votedOptionId: 2 });
    for (let attempt = 0; attempt < POLL_VOTE_RATE_LIMIT.limit; attempt += 1) {
      await pollVoteAction(withLoadContext({ request: post({ pollId: "1", optionId: "2", via: "fetcher" }), context: client("b") }));
    }
    const refused = (await pollVoteAction(
      withLoadContext({
        request: post({ pollId: "1", optionId: "2", via: "fetcher" }),
        context: client("b"),
      }),
    )) as unknown as DataResult;
    expect(refused.init?.status).toBe(429);
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    const other = (await pollVoteAction(
      withLoadContext({
        request: post({ pollId: "1", optionId: "2", via: "fetcher" }),
        context: client("c"),
      }),
    )) as unknown as DataResult;
    expect(other.init?.status ?? 200).toBe(200);
  });
});
