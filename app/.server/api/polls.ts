// Home page polls: not part of API v1 (the embedded API serves them, embedded-api/README.md); an upstream
// without them answers 404, which means "no poll", not a failure.
import { z } from "zod/v4";
import type { Poll } from "~/domain/poll";
import type { ApiContext } from "./context";
import { UpstreamNotFoundError } from "./errors";
import { requestJson } from "./request";
import { flag, numericId, optionalNumber } from "./schemas";

const PollOptionSchema = z.object({ id: numericId, title: z.string().trim().min(1).max(300), votes: optionalNumber }).passthrough();

export const PollSchema = z
  .object({
    id: numericId,
    question: z.string().trim().min(1).max(500),
    options: z.array(PollOptionSchema).min(2).max(20),
    total_votes: optionalNumber,
    voted_option_id: numericId.nullish(),
    is_ended: flag,
  })
  .passthrough()
  .transform((poll): Poll => ({
    id: poll.id,
    question: poll.question,
    options: poll.options.map((option) => ({ id: option.id, title: option.title, votes: option.votes ?? 0 })),
    totalVotes: poll.total_votes,
    votedOptionId: poll.voted_option_id ?? null,
    isEnded: poll.is_ended,
  }));

/** The current poll as the context may see it; null when the upstream has none (or no polls at all). */
export async function getCurrentPoll(context: ApiContext): Promise<Poll | null> {
  try {
    return await requestJson(context, { path: "/polls/current" }, PollSchema);
  } catch (error) {
    if (error instanceof UpstreamNotFoundError) return null;
    throw error;
  }
}

/** Casts the signed-in user's vote; answers the poll with its results. */
export function votePoll(context: ApiContext, pollId: number, optionId: number): Promise<Poll> {
  return requestJson(context, { method: "POST", path: `/polls/${pollId}/votes`, body: { option_id: optionId } }, PollSchema);
}
