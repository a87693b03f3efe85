// The team page: teams, roles and members.
import { z } from "zod/v4";
import type { Team, TeamRole, TeamUser } from "~/domain/team";
import type { ApiContext } from "./context";
import { requestJson } from "./request";
import { flag, ImageSchema, listSchema, numericId, optionalNumber, optionalText, resolveImage, stringId } from "./schemas";

const TeamSchema = z.object({ id: stringId, title: z.string(), description: optionalText, sort_order: optionalNumber }).passthrough();
const TeamRoleSchema = z.object({ id: stringId, title: z.string(), color: optionalText, sort_order: optionalNumber }).passthrough();
const TeamUserSchema = z
  .object({
    id: stringId,
    nickname: z.string(),
    is_intern: flag,
    is_vacation: flag,
    sort_order: optionalNumber,
    team: TeamSchema.nullish(),
    user: z.object({ id: numericId, nickname: optionalText, avatar: ImageSchema }).passthrough().nullish(),
    roles: z.array(TeamRoleSchema).nullish(),
  })
  .passthrough();

export const TeamListSchema = listSchema(TeamSchema);
export const TeamUserListSchema = listSchema(TeamUserSchema);

const toTeam = (raw: z.output<typeof TeamSchema>): Team => ({
  id: raw.id,
  title: raw.title,
  description: raw.description,
  sortOrder: raw.sort_order,
});
const toRole = (raw: z.output<typeof TeamRoleSchema>): TeamRole => ({
  id: raw.id,
  title: raw.title,
  color: raw.color,
  sortOrder: raw.sort_order,
});

export async function getTeams(context: ApiContext): Promise<Team[]> {
  return (await requestJson(context, { path: "/teams/" }, TeamListSchema)).map(toTeam);
}

export async function getTeamUsers(context: ApiContext): Promise<TeamUser[]> {
  const users = await requestJson(context, { path: "/teams/users" }, TeamUserListSchema);
  return users.map((raw) => ({
    id: raw.id,
    nickname: raw.nickname,
    isIntern: raw.is_intern,
    isVacation: raw.is_vacation,
    sortOrder: raw.sort_order,
    team: raw.team ? toTeam(raw.team) : null,
    user: raw.user ? { id: raw.user.id, nickname: raw.user.nickname, avatar: resolveImage(raw.user.avatar, context.mediaOrigin) } : null,
    roles: (raw.roles ?? []).map(toRole),
  }));
}
