// The members tab: the team that made the release, grouped by role (voicing, timing, translating…).
import { imageSource } from "~/domain/image";
import type { ReleaseMember } from "~/domain/release";
import { releaseStrings } from "./strings";
import { tabStrings } from "./tab-strings";

function groupByRole(members: readonly ReleaseMember[]): { role: string; members: ReleaseMember[] }[] {
  const groups = new Map<string, ReleaseMember[]>();
  for (const member of members) {
    const role = member.role.description ?? member.role.value ?? tabStrings.members.unknownRole;
    groups.set(role, [...(groups.get(role) ?? []), member]);
  }
  return [...groups].map(([role, grouped]) => ({ role, members: grouped }));
}

function MemberAvatar({ member }: { member: ReleaseMember }) {
  const url = member.user ? imageSource(member.user.avatar, "thumbnail") : null;
  if (url)
    return (
      <img
        src={url}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        className="image-fallback h-10 w-10 rounded-full object-cover"
      />
    );
  return (
    <span aria-hidden="true" className="grid h-10 w-10 place-items-center rounded-full bg-surface-raised text-sm font-bold">
      {(member.nickname ?? "?").slice(0, 1).toUpperCase()}
    </span>
  );
}

export function MembersTab({ members }: { members: ReleaseMember[] }) {
  if (members.length === 0)
    return (
      <p className="rounded-lg border border-dashed border-line px-6 py-10 text-center text-sm text-muted">{tabStrings.members.none}</p>
    );
  return (
    <div className="flex flex-col gap-6">
      <h2 className="sr-only">{releaseStrings.tabs.members}</h2>
      {groupByRole(members).map((group) => (
        <section key={group.role} aria-label={group.role}>
          <h3 className="mb-2 text-sm font-semibold text-muted">{group.role}</h3>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-3">
            {group.members.map((member) => (
              <li key={member.id} className="flex items-center gap-3 rounded-md bg-surface p-2">
                <MemberAvatar member={member} />
                <span className="truncate text-sm font-medium">{member.nickname ?? "—"}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
