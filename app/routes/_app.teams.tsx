import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getTeams, getTeamUsers } from "~/.server/api/teams";
import { withRouteErrors } from "~/.server/route-errors.server";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/features/seo/page-meta";
import { groupTeamUsers } from "~/features/teams/team-groups";
import { TeamMember } from "~/features/teams/team-member";

const strings = sectionStrings.teams;

export async function loader({ request }: LoaderFunctionArgs) {
  return withRouteErrors(request, async () => {
    const [teams, users] = await Promise.all([getTeams(request), getTeamUsers(request)]);
    return { groups: groupTeamUsers(teams, users) };
  });
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, { title: strings.title, description: strings.description });

export default function TeamsPage() {
  const { groups } = useLoaderData<typeof loader>();
  return (
    <>
      <SectionHeading title={strings.title} lead={strings.lead} />
      {groups.length === 0 ? <p className="text-muted">{strings.empty}</p> : null}
      <div className="space-y-8">
        {groups.map((group) => {
          const headingId = `team-${group.team?.id ?? "others"}`;
          return (
            <section key={headingId} aria-labelledby={headingId}>
              <h2 id={headingId} className="text-xl font-semibold">
                {group.team?.title ?? strings.others}
              </h2>
              {group.team?.description ? <p className="mt-1 text-muted">{group.team.description}</p> : null}
              <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {group.members.map((member) => (
                  <li key={member.id}>
                    <TeamMember member={member} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}
