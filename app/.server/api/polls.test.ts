import { describe, expect, it } from "vitest";
import { UpstreamMalformedError, UpstreamUnavailableError } from "./errors";
import { getCurrentPoll, votePoll } from "./polls";
import { tableTransport, testContext } from "./test-fixtures";

const options = [
  { id: 1, title: "В озвучке" },
  { id: 2, title: "С субтитрами" },
];
const hiddenResults = { id: 7, question: "Как смотрите?", options, voted_option_id: null, is_ended: false, ends_at: null };
const withResults = {
  ...hiddenResults,
  options: [
    { id: 1, title: "В озвучке", votes: 3 },
    { id: "2", title: "С субтитрами", votes: 1 },
  ],
  total_votes: 4,
  voted_option_id: 2,
};

describe("polls", () => {
  it("reads a poll whose results are still hidden", async () => {
    const poll = await getCurrentPoll(testContext(tableTransport({ "/polls/current": hiddenResults })));
    expect(poll).toEqual({
      id: 7,
      question: "Как смотрите?",
      options: [
        { id: 1, title: "В озвучке", votes: 0 },
        { id: 2, title: "С субтитрами", votes: 0 },
      ],
      totalVotes: null,
      votedOptionId: null,
      isEnded: false,
    });
  });

  it("reads the results once the viewer voted", async () => {
    const poll = await getCurrentPoll(testContext(tableTransport({ "/polls/current": withResults })));
    expect(poll).toMatchObject({ totalVotes: 4, votedOptionId: 2, options: [{ votes: 3 }, { id: 2, votes: 1 }] });
  });

  it("takes an upstream without polls (404) for no poll", async () => {
    expect(await getCurrentPoll(testContext(tableTransport({})))).toBeNull();
  });

  it("refuses an answer that is not a poll, and a failing upstream, as errors the page hides", async () => {
    await expect(getCurrentPoll(testContext(tableTransport({ "/polls/current": { data: [] } })))).rejects.toBeInstanceOf(
      UpstreamMalformedError,
    );
    await expect(
      getCurrentPoll(testContext(tableTransport({ "/polls/current": { ...hiddenResults, options: [options[0]] } }))),
    ).rejects.toBeInstanceOf(UpstreamMalformedError);
    const failing = tableTransport({ "/polls/current": () => new Response("", { status: 503 }) });
    await expect(getCurrentPoll(testContext(failing))).rejects.toBeInstanceOf(UpstreamUnavailableError);
  });

  it("votes with the option id in the body", async () => {
    const transport = tableTransport({ "POST /polls/7/votes": withResults });
    const poll = await votePoll(testContext(transport, { token: "secret" }), 7, 2);
    expect(poll.votedOptionId).toBe(2);
    const sent = transport.requests[0];
    expect(sent?.headers.get("authorization")).toBe("Bearer secret");
    expect(await sent?.json()).toEqual({ option_id: 2 });
  });
});
