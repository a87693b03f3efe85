// Teams of the dubbing group, their roles and members.
import type { Route } from "../http/router";
import { imageSet } from "./images";
import { type TeamRoleRow, type TeamRow } from "../db/rows";
import { prepareCached } from "../db/statement-cache";

export const teamRoutes: Route[] = [
  {
    method: "GET",
    path: "/teams/",
    handler: (context) => prepareCached(context.db, "SELECT * FROM teams ORDER BY sort_order").all() as TeamRow[],
  },
  {
    method: "GET",
    path: "/teams/roles",
    handler: (context) => prepareCached(context.db, "SELECT * FROM team_roles ORDER BY sort_order").all() as TeamRoleRow[],
  },
  {
    method: "GET",
    path: "/teams/users",
    handler: (context) => {
      const teams = new Map((prepareCached(context.db, "SELECT * FROM teams").all() as TeamRow[]).map((team) => [team.id, team]));
      const roles = prepareCached(
        context.db,
        `SELECT ur.team_user_id, r.* FROM team_user_roles ur JOIN team_roles r ON r.id = ur.role_id ORDER BY r.sort_order`,
      ).all() as (TeamRoleRow & { team_user_id: string })[];
      const users = prepareCached(context.db, "SELECT * FROM team_users ORDER BY sort_order").all() as {
        id: string;
        account_id: number;
        team_id: string;
        nickname: string;
        avatar_index: number;
        is_intern: number;
        is_vacation: number;
        sort_order: number;
      }[];
      return users.map((user) => ({
        id: user.id,
        nickname: user.nickname,
        is_intern: user.is_intern === 1,
        sort_order: user.sort_order,
        is_vacation: user.is_vacation === 1,
        team: teams.get(user.team_id) ?? null,
        user: { id: user.account_id, nickname: user.nickname, avatar: imageSet("avatars", user.avatar_index) },
        roles: roles
          .filter((role) => role.team_user_id === user.id)
          .map((role) => ({ id: role.id, title: role.title, color: role.color, sort_order: role.sort_order })),
      }));
    },
  },
];
