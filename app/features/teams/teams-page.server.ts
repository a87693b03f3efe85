// The teams page: every member, grouped by team.
import type { RequestArgs } from "~/.server/load-context.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { groupTeamUsers } from "./team-groups";

export function loadTeamsPage(args: RequestArgs) {
  const { api } = args.context;
  return withRouteErrors(args.request, async () => {
    const [teams, users] = await Promise.all([api.teams.list(), api.teams.users()]);
    return { groups: groupTeamUsers(teams, users) };
  });
}
