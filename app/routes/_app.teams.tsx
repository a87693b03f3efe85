import type { MetaFunction } from "@remix-run/node";
import type { loadTeamsPage } from "~/features/teams/teams-page.server";
import { useLoaderData } from "@remix-run/react";
import { SectionHeading } from "~/features/sections/section-heading";
import { sectionStrings } from "~/features/sections/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import { TeamMember } from "~/features/teams/team-member";

const strings = sectionStrings.teams;

export { loadTeamsPage as loader } from "~/features/teams/teams-page.server";

export const meta: MetaFunction<typeof loadTeamsPage> = (args) =>
  pageMeta(args, { title: strings.title, description: strings.description });

export default function TeamsPage() {
  const { groups } = useLoaderData<typeof loadTeamsPage>();
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
