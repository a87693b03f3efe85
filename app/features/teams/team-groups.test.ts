import { describe, expect, it } from "vitest";
import { EMPTY_IMAGE } from "~/domain/image";
import type { Team, TeamUser } from "~/domain/team";
import { groupTeamUsers } from "./team-groups";

const team = (id: string, sortOrder: number): Team => ({ id, title: id, description: null, sortOrder });
const user = (nickname: string, teamOf: Team | null, sortOrder: number): TeamUser => ({
  id: nickname,
  nickname,
  isIntern: false,
  isVacation: false,
  sortOrder,
  team: teamOf,
  user: { id: 1, nickname, avatar: EMPTY_IMAGE },
  roles: [],
});

describe("groupTeamUsers", () => {
  it("puts members under their teams in both sort orders, drops empty teams and keeps the teamless last", () => {
    const voice = team("voice", 1);
    const subs = team("subs", 2);
    const empty = team("empty", 3);
    const stray = team("unknown", 0);
    const groups = groupTeamUsers(
      [subs, empty, voice],
      [user("b", voice, 2), user("c", subs, 1), user("a", voice, 1), user("d", null, 1), user("e", stray, 1)],
    );
    expect(groups.map((group) => [group.team?.id ?? null, group.members.map((member) => member.nickname)])).toEqual([
      ["voice", ["a", "b"]],
      ["subs", ["c"]],
      [null, ["d", "e"]],
    ]);
  });
});
