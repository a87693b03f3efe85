import type { Team, TeamUser } from "~/domain/team";

export type TeamGroup = { team: Team | null; members: TeamUser[] };

const bySortOrder = <Item extends { sortOrder: number | null }>(a: Item, b: Item) =>
  (a.sortOrder ?? Number.MAX_SAFE_INTEGER) - (b.sortOrder ?? Number.MAX_SAFE_INTEGER);

/** Members under their teams in the teams' order; members of no known team come last (team null). Empty teams are left out. */
export function groupTeamUsers(teams: readonly Team[], users: readonly TeamUser[]): TeamGroup[] {
  const groups = [...teams].sort(bySortOrder).map((team): TeamGroup => ({ team, members: [] }));
  const byId = new Map(groups.map((group) => [group.team?.id, group]));
  const others: TeamGroup = { team: null, members: [] };
  for (const user of users) (byId.get(user.team?.id) ?? others).members.push(user);
  return [...groups, others]
    .filter((group) => group.members.length > 0)
    .map((group) => ({ ...group, members: [...group.members].sort(bySortOrder) }));
}
