// The teams page: every member, grouped by team.
import { requestApi, type RequestArgs } from "~/.server/api/handle";
import { withRouteErrors } from "~/.server/route-errors.server";
import { groupTeamUsers } from "./team-groups";

export function loadTeamsPage(args: RequestArgs) {
  const api = requestApi(args);
  return withRouteErrors(args.request, async () => {
    const [teams, users] = await Promise.all([api.teams.list(), api.teams.users()]);
    return { groups: groupTeamUsers(teams, users) };
  });
}
