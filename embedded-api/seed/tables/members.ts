// Who voiced, translated, timed and decorated each release.
import type { ReleaseRow, TeamUserRow } from "../../db/rows";
import type { DemoCatalogue } from "../demo-catalogue";
import type { SeededRandom } from "../random";

export function generateMembers(
  random: SeededRandom,
  catalogue: DemoCatalogue,
  release: ReleaseRow,
  voiceActors: TeamUserRow[],
  staffByRole: Map<string, TeamUserRow[]>,
  large: boolean,
): void {
  const assignments: [string, TeamUserRow][] = [];
  for (const actor of random.sample(voiceActors, large ? 2 : random.int(2, 4))) assignments.push(["voicing", actor]);
  const optionalRoles: [string, number][] = large
    ? [["timing", 1]]
    : [
        ["translating", 0.9],
        ["timing", 1],
        ["editing", 0.5],
        ["decorating", 0.3],
        ["poster", 0.3],
      ];
  for (const [role, probability] of optionalRoles) {
    const pool = staffByRole.get(role === "poster" ? "decorating" : role) ?? [];
    if (pool.length > 0 && random.chance(probability)) assignments.push([role, random.pick(pool)]);
  }
  assignments.forEach(([role, user], index) =>
    catalogue.members.push({
      id: random.uuid(),
      release_id: release.id,
      team_user_id: user.id,
      role,
      nickname: user.nickname,
      sort_order: index + 1,
    }),
  );
}
