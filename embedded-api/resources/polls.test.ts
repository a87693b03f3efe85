// Polls: the current poll, results hidden until one votes, one vote per account (the table's key), ended polls.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/database";
import { TestClient, asJson, asList, type Json } from "../test-support";
import { pollMessages } from "./polls";

const directory = fs.mkdtempSync(path.join(os.tmpdir(), "polls-test-"));
let clock = new Date("2026-03-01T12:00:00.000Z");
const client = new TestClient({ dbPath: path.join(directory, "api.sqlite"), now: () => clock });
let db: Db;
let demoToken = "";

/** A second account: registered, verified through the mailed link, signed in. */
async function signUp(login: string): Promise<string> {
  const password = "correct-horse-1";
  const registration = { login, email: `${login}@example.com`, password, password_confirmation: password, recaptcha_token: "t" };
  expect((await client.post("/accounts/users/auth/registration/new", { body: registration })).status).toBe(200);
  const mailbox = (await client.get("/embedded/mailbox")).text;
  const link =
    [...mailbox.matchAll(/href="([^"]*\/verifyEmail\?token=[^"]+)"/g)]
      .map((match) => (match[1] as string).replaceAll("&amp;", "&"))
      .pop() ?? "";
  const token = new URL(link).searchParams.get("token");
  expect((await client.post("/accounts/users/auth/registration/verify", { body: { token } })).status).toBe(200);
  return client.signIn(login, password);
}

const optionsOf = (poll: Json) => asList(poll.options);

beforeAll(async () => {
  db = openDatabase(path.join(directory, "api.sqlite"));
  demoToken = await client.signIn();
});
afterAll(() => {
  client.close();
  db.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("polls", () => {
  it("serves the demo poll without counts to visitors", async () => {
    const answer = await client.get("/polls/current");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const poll = asJson(answer.body);
    expect(poll).toMatchObject({
      id: 1,
      question: "Как вы чаще всего смотрите аниме?",
      voted_option_id: null,
      is_ended: false,
      ends_at: null,
    });
    expect(optionsOf(poll)).toHaveLength(4);
    expect(optionsOf(poll).every((option) => option.votes === undefined)).toBe(true);
    expect(poll.total_votes).toBeUndefined();
  });

  it("needs an account to vote, checks the input, and counts one vote per account", async () => {
    expect((await client.post("/polls/1/votes", { body: { option_id: 2 } })).status).toBe(403);
    expect((await client.post("/polls/999/votes", { token: demoToken, body: { option_id: 2 } })).status).toBe(404);
    expect((await client.post("/polls/abc/votes", { token: demoToken, body: { option_id: 2 } })).status).toBe(404);
    const noOption = await client.post("/polls/1/votes", { token: demoToken, body: {} });
    expect(noOption.status).toBe(422);
    expect(Object.keys(asJson(asJson(noOption.body).errors))).toEqual(["option_id"]);
    const foreign = await client.post("/polls/1/votes", { token: demoToken, body: { option_id: 99 } });
    expect(foreign.status).toBe(422);
    expect(asJson(foreign.body).message).toBe(pollMessages.unknownOption);

    const voted = await client.post("/polls/1/votes", { token: demoToken, body: { option_id: "2" } });
    expect(voted.status).toBe(200);
    expect(asJson(voted.body)).toMatchObject({ voted_option_id: 2, total_votes: 1 });
    expect(optionsOf(asJson(voted.body)).map((option) => option.votes)).toEqual([0, 1, 0, 0]);

    const again = await client.post("/polls/1/votes", { token: demoToken, body: { option_id: 3 } });
    expect(again.status).toBe(409);
    expect(asJson(again.body).message).toBe(pollMessages.alreadyVoted);
    expect(db.prepare("SELECT COUNT(*) FROM poll_votes").pluck().get()).toBe(1);
    // The database itself refuses a second row for the same account and poll.
    expect(() => db.prepare("INSERT INTO poll_votes VALUES (1, 1, 3, 'x')").run()).toThrow(/UNIQUE|PRIMARY KEY/);

    const other = await signUp("poll_voter");
    const beforeVoting = asJson((await client.get("/polls/current", { token: other })).body);
    expect(beforeVoting.voted_option_id).toBeNull();
    expect(beforeVoting.total_votes).toBeUndefined();
    const second = asJson((await client.post("/polls/1/votes", { token: other, body: { option_id: 2 } })).body);
    expect(second).toMatchObject({ voted_option_id: 2, total_votes: 2 });
    const mine = asJson((await client.get("/polls/current", { token: demoToken })).body);
    expect(mine).toMatchObject({ voted_option_id: 2, total_votes: 2 });
  });

  it("shows an ended poll's results to everyone and takes no more votes", async () => {
    db.prepare("INSERT INTO polls (id, question, starts_at, ends_at, created_at) VALUES (2, 'Завершённый?', ?, ?, ?)").run(
      "2026-02-01T00:00:00.000Z",
      "2026-04-01T00:00:00.000Z",
      "2026-02-01T00:00:00.000Z",
    );
    db.prepare("INSERT INTO poll_options (id, poll_id, title, position) VALUES (10, 2, 'Да', 1), (11, 2, 'Нет', 2)").run();
    const open = asJson((await client.get("/polls/current")).body);
    expect(open).toMatchObject({ id: 2, is_ended: false, ends_at: "2026-04-01T00:00:00+00:00" });
    expect(open.total_votes).toBeUndefined();

    clock = new Date("2026-05-01T00:00:00.000Z");
    const ended = asJson((await client.get("/polls/current")).body);
    expect(ended).toMatchObject({ id: 2, is_ended: true, total_votes: 0, voted_option_id: null });
    expect(optionsOf(ended).map((option) => option.votes)).toEqual([0, 0]);
    const late = await client.post("/polls/2/votes", { token: demoToken, body: { option_id: 10 } });
    expect(late.status).toBe(409);
    expect(asJson(late.body).message).toBe(pollMessages.pollEnded);
  });

  it("answers 404 when no poll has started", async () => {
    clock = new Date("2024-06-01T00:00:00.000Z");
    const answer = await client.get("/polls/current");
    expect(answer.status).toBe(404);
    expect(asJson(answer.body).message).toBe(pollMessages.noCurrentPoll);
    expect((await client.post("/polls/1/votes", { token: demoToken, body: { option_id: 1 } })).status).toBe(404);
  });
});
