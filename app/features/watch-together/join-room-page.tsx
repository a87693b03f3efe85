// The invitation to a room: who is in it, a name for a visitor (a signed-in viewer comes in under their nickname).
// A room that has ended is said plainly, with a way on.
import { Form, Link } from "@remix-run/react";
import { useRootData } from "~/shared/root-data";
import { MemberNameField } from "./member-name-field";
import { watchTogetherStrings as strings } from "./strings";

type Props = { page: { room: { id: string; members: number } | null; signedIn: boolean }; error: string | null };

export function JoinRoomPage({ page, error }: Props) {
  const profile = useRootData()?.profile ?? null;
  const nickname = profile?.nickname ?? profile?.login ?? null;
  if (!page.room) {
    return (
      <section className="mx-auto max-w-md space-y-4 px-4 py-8" aria-labelledby="join-room-title">
        <h1 id="join-room-title" className="text-2xl font-bold">
          {strings.roomGoneTitle}
        </h1>
        <p className="text-neutral-300">{strings.roomGoneLead}</p>
        <p className="flex flex-wrap gap-3">
          <Link to="/" className="rounded bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700">
            {strings.toHome}
          </Link>
          <Link to="/anime/catalog/" className="rounded border border-white/25 px-4 py-2 hover:bg-white/10">
            {strings.toCatalog}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md space-y-4 px-4 py-8" aria-labelledby="join-room-title">
      <h1 id="join-room-title" className="text-2xl font-bold">
        {strings.joinTitle}
      </h1>
      <p className="text-neutral-300">{strings.joinLead(page.room.members)}</p>
      <Form method="post" className="space-y-3">
        {page.signedIn && nickname ? (
          <p>{strings.joinAs(nickname)}</p>
        ) : (
          <MemberNameField
            labelClassName="block space-y-1"
            inputClassName="w-full rounded border border-white/25 bg-transparent px-3 py-2"
          />
        )}
        {error ? (
          <p role="alert" className="text-red-400">
            {error}
          </p>
        ) : null}
        <button type="submit" className="rounded bg-red-600 px-4 py-2 font-semibold text-white hover:bg-red-700">
          {strings.join}
        </button>
      </Form>
    </section>
  );
}
