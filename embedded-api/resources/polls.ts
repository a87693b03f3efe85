// Home page polls (not in API v1; shape in ../README.md): the current poll, and one vote per account.
// Counts are shown only to those who voted, and to everyone once the poll has ended.
import { z } from "zod";
import { ApiError, notFound } from "../http/api-error";
import type { RequestContext } from "../http/context";
import type { Route } from "../http/router";
import { integerInput, parseInput } from "../http/validation";
import type { PollOptionRow, PollRow } from "../db/rows";
import { prepareCached } from "../db/statement-cache";

/** An option with its count of votes joined in. */
type PollOptionWithVotesRow = Pick<PollOptionRow, "id" | "title"> & { votes: number };

const MAX_ID = 2 ** 53 - 1;
const VoteSchema = z.object({ option_id: integerInput(1, MAX_ID) });

export const pollMessages = {
  noCurrentPoll: "Сейчас нет активного опроса",
  pollNotFound: "Опрос не найден",
  alreadyVoted: "Вы уже проголосовали в этом опросе.",
  pollEnded: "Опрос завершён: голосовать уже нельзя.",
  unknownOption: "Такого варианта ответа в опросе нет.",
} as const;

function isEnded(poll: PollRow, now: Date): boolean {
  return poll.ends_at !== null && poll.ends_at <= now.toISOString();
}

function startedPoll(context: RequestContext, pollId: number): PollRow | undefined {
  return prepareCached(context.db, "SELECT id, question, starts_at, ends_at FROM polls WHERE id = ? AND starts_at <= ?").get(
    pollId,
    context.now().toISOString(),
  ) as PollRow | undefined;
}

function pollAnswer(context: RequestContext, poll: PollRow): Record<string, unknown> {
  const user = context.user();
  const votedOptionId = user
    ? ((prepareCached(context.db, "SELECT option_id FROM poll_votes WHERE poll_id = ? AND user_id = ?")
        .pluck()
        .get(poll.id, user.user.id) as number | undefined) ?? null)
    : null;
  const ended = isEnded(poll, context.now());
  const showResults = ended || votedOptionId !== null;
  const options = prepareCached(
    context.db,
    `SELECT o.id, o.title, (SELECT COUNT(*) FROM poll_votes v WHERE v.poll_id = o.poll_id AND v.option_id = o.id) AS votes
       FROM poll_options o WHERE o.poll_id = ? ORDER BY o.position, o.id`,
  ).all(poll.id) as PollOptionWithVotesRow[];
  return {
    id: poll.id,
    question: poll.question,
    options: options.map((option) =>
      showResults ? { id: option.id, title: option.title, votes: option.votes } : { id: option.id, title: option.title },
    ),
    ...(showResults ? { total_votes: options.reduce((sum, option) => sum + option.votes, 0) } : {}),
    voted_option_id: votedOptionId,
    is_ended: ended,
    starts_at: poll.starts_at,
    ends_at: poll.ends_at,
  };
}

function currentPoll(context: RequestContext): Record<string, unknown> {
  const poll = prepareCached(
    context.db,
    "SELECT id, question, starts_at, ends_at FROM polls WHERE starts_at <= ? ORDER BY starts_at DESC, id DESC LIMIT 1",
  ).get(context.now().toISOString()) as PollRow | undefined;
  if (!poll) throw notFound(pollMessages.noCurrentPoll);
  return pollAnswer(context, poll);
}

async function vote(context: RequestContext): Promise<Record<string, unknown>> {
  const { user } = context.requireUser();
  const pollId = Number(context.params.pollId);
  const poll = /^\d{1,15}$/.test(context.params.pollId ?? "") ? startedPoll(context, pollId) : undefined;
  if (!poll) throw notFound(pollMessages.pollNotFound);
  const { option_id: optionId } = parseInput(VoteSchema, await context.json());
  if (isEnded(poll, context.now())) throw new ApiError(409, pollMessages.pollEnded);
  const isOption = prepareCached(context.db, "SELECT 1 FROM poll_options WHERE poll_id = ? AND id = ?").get(poll.id, optionId);
  if (!isOption) throw new ApiError(422, pollMessages.unknownOption, { option_id: [pollMessages.unknownOption] });
  const inserted = prepareCached(
    context.db,
    "INSERT INTO poll_votes (poll_id, user_id, option_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (poll_id, user_id) DO NOTHING",
  ).run(poll.id, user.id, optionId, context.now().toISOString());
  if (inserted.changes === 0) throw new ApiError(409, pollMessages.alreadyVoted);
  return pollAnswer(context, poll);
}

export const pollRoutes: Route[] = [
  { method: "GET", path: "/polls/current", handler: currentPoll },
  { method: "POST", path: "/polls/{pollId}/votes", handler: vote },
];
