// One member of the team: avatar, nickname, roles (with the role's colour as a marker) and status.
import { PosterImage } from "~/components/poster-image";
import type { TeamUser } from "~/domain/team";
import { EMPTY_IMAGE } from "~/domain/image";
import { sectionStrings } from "~/features/sections/strings";

const strings = sectionStrings.teams;
const AVATAR_SIZE = 128;

export function TeamMember({ member }: { member: TeamUser }) {
  const status = [member.isIntern ? strings.intern : null, member.isVacation ? strings.vacation : null].filter(Boolean);
  return (
    <article className="flex items-center gap-3 rounded-lg bg-surface p-3">
      <div className="size-14 shrink-0 overflow-hidden rounded-full">
        <PosterImage
          image={member.user?.avatar ?? EMPTY_IMAGE}
          alt=""
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          sizes="56px"
          className="h-full rounded-full"
        />
      </div>
      <div className="min-w-0">
        <h3 className="truncate font-semibold">{member.nickname}</h3>
        {member.roles.length > 0 ? (
          <ul aria-label={strings.rolesLabel} className="mt-1 flex flex-wrap gap-1">
            {member.roles.map((role) => (
              <li key={role.id} className="flex items-center gap-1 rounded bg-surface-raised px-1.5 py-0.5 text-xs">
                <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: role.color ?? "currentColor" }} />
                {role.title}
              </li>
            ))}
          </ul>
        ) : null}
        {status.length > 0 ? <p className="mt-1 text-xs text-muted">{status.join(", ")}</p> : null}
      </div>
    </article>
  );
}
