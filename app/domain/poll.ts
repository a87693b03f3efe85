// A home page poll (docs/decisions/0155-home-polls.md): counts come only once the viewer may see them.
export type PollOption = { id: number; title: string; votes: number };

export type Poll = {
  id: number;
  question: string;
  options: PollOption[];
  /** Null while the results are hidden: the viewer has not voted and the poll is still open. */
  totalVotes: number | null;
  votedOptionId: number | null;
  isEnded: boolean;
};

/** An option's share of the votes, in whole percent (0 when nobody voted yet). */
export function voteShare(votes: number, totalVotes: number): number {
  return totalVotes > 0 ? Math.round((votes / totalVotes) * 100) : 0;
}
