// The home page poll: a vote form (a plain POST without JavaScript, a fetcher with it), a sign-in link for
// visitors, and the results once the viewer voted or the poll ended.
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { fetcherFormData } from "~/components/fetcher-form";
import { notify } from "~/components/toasts/toaster";
import { voteShare, type Poll } from "~/domain/poll";
import { countOf } from "~/i18n/plural";
import { useSignInHref } from "~/features/lists/sign-in-links";
import { HomeSection } from "./home-section";
import { pollStrings } from "./strings";

const VOTE_ACTION = "/polls/vote";

type PollVoteAnswer = { ok: boolean; message: string };

function PollResults({ poll, totalVotes }: { poll: Poll; totalVotes: number }) {
  return (
    <div className="space-y-3">
      <p className="font-semibold">{poll.question}</p>
      <ul aria-label={pollStrings.results} className="space-y-3">
        {poll.options.map((option) => {
          const share = voteShare(option.votes, totalVotes);
          const votes = countOf(option.votes, pollStrings.votes);
          const chosen = option.id === poll.votedOptionId;
          return (
            <li key={option.id} className="space-y-1">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className={chosen ? "font-semibold" : undefined}>
                  {option.title}
                  {chosen ? <span className="text-muted"> — {pollStrings.yourChoice}</span> : null}
                </span>
                <span className="tabular-nums text-muted">
                  {share}% · {votes}
                </span>
              </p>
              <div
                role="meter"
                aria-label={option.title}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={share}
                aria-valuetext={`${share}% (${votes})`}
                className="h-2 overflow-hidden rounded-full bg-surface-raised"
              >
                <div className={`h-full rounded-full ${chosen ? "bg-primary" : "bg-muted"}`} style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-muted">
        {pollStrings.totalVotes}: {countOf(totalVotes, pollStrings.votes)}
        {poll.isEnded ? ` · ${pollStrings.ended}` : null}
      </p>
    </div>
  );
}

type VoteFormProps = { poll: Poll; signedIn: boolean; busy: boolean; onSubmit: (event: FormEvent<HTMLFormElement>) => void };

function VoteForm({ poll, signedIn, busy, onSubmit }: VoteFormProps) {
  const signInHref = useSignInHref();
  return (
    <form method="post" action={VOTE_ACTION} onSubmit={onSubmit} aria-busy={busy} className="space-y-3">
      <input type="hidden" name="pollId" value={poll.id} />
      <fieldset className="space-y-1" disabled={!signedIn}>
        <legend className="mb-2 font-semibold">{poll.question}</legend>
        {poll.options.map((option) => (
          <label key={option.id} className="flex min-h-10 cursor-pointer items-center gap-3 py-1 has-[:disabled]:cursor-default">
            <input type="radio" name="optionId" value={option.id} required className="size-4 shrink-0" />
            <span>{option.title}</span>
          </label>
        ))}
      </fieldset>
      {signedIn ? (
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-primary px-4 py-2 text-sm font-semibold text-page hover:opacity-90 disabled:opacity-70"
        >
          {busy ? pollStrings.voting : pollStrings.vote}
        </button>
      ) : (
        <Link to={signInHref} className="inline-block py-2 text-sm font-semibold text-ink underline">
          {pollStrings.signInToVote}
        </Link>
      )}
    </form>
  );
}

export function HomePoll({ poll, signedIn }: { poll: Poll; signedIn: boolean }) {
  // Here rather than in the form: the form is gone (replaced by the results) by the time the vote's answer is read.
  const fetcher = useFetcher<PollVoteAnswer>({ key: `poll:${poll.id}` });
  const submittedHere = useRef(false);
  const busy = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !submittedHere.current || !fetcher.data) return;
    submittedHere.current = false;
    notify({ kind: fetcher.data.ok ? "success" : "error", lines: [fetcher.data.message] });
  }, [fetcher.state, fetcher.data]);

  /** With JavaScript the vote goes through the fetcher (JSON answer; the page's data then reloads in place). */
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const formData = fetcherFormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    submittedHere.current = true;
    fetcher.submit(formData, { method: "post", action: VOTE_ACTION });
  }

  return (
    <HomeSection id="home-poll" title={pollStrings.heading} belowTheFold>
      <div className="max-w-xl rounded-xl bg-surface p-4">
        {poll.totalVotes !== null ? (
          <PollResults poll={poll} totalVotes={poll.totalVotes} />
        ) : (
          <VoteForm poll={poll} signedIn={signedIn} busy={busy} onSubmit={submit} />
        )}
      </div>
    </HomeSection>
  );
}
