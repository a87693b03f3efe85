// The invitation to a room: who is in it, a name for a visitor (a signed-in viewer comes in under their nickname).
import { Form } from "@remix-run/react";
import { useRootData } from "~/features/root/root-data";
import { MemberNameField } from "./member-name-field";
import { watchTogetherStrings as strings } from "./strings";

type Props = { page: { roomId: string; members: number; signedIn: boolean }; error: string | null };

export function JoinRoomPage({ page, error }: Props) {
  const profile = useRootData()?.profile ?? null;
  const nickname = profile?.nickname ?? profile?.login ?? null;
  return (
    <section className="mx-auto max-w-md space-y-4 px-4 py-8" aria-labelledby="join-room-title">
      <h1 id="join-room-title" className="text-2xl font-bold">
        {strings.joinTitle}
      </h1>
      <p className="text-neutral-300">{strings.joinLead(page.members)}</p>
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
