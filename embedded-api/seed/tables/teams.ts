// The dubbing group's teams, their roles and members.
import { AVATAR_COUNT } from "../../demo-constants";
import type { DemoCatalogue } from "../demo-catalogue";
import type { SeededRandom } from "../random";
import { teamNicknames } from "../vocabulary";

export function generateTeams(random: SeededRandom, catalogue: DemoCatalogue): void {
  const teamSpecs = [
    { title: "Озвучка", description: "Голоса АниЛибрии", roles: [["Войсер", "#e53935"]] },
    { title: "Перевод", description: "Переводчики и редакторы субтитров", roles: [["Переводчик", "#1e88e5"]] },
    { title: "Тайминг", description: "Сведение звука и тайминг", roles: [["Таймер", "#43a047"]] },
    { title: "Редактура", description: "Вычитка и правка текстов", roles: [["Редактор", "#8e24aa"]] },
    {
      title: "Оформление",
      description: "Постеры, надписи и релизы",
      roles: [
        ["Дизайнер", "#fb8c00"],
        ["Релизёр", "#6d4c41"],
      ],
    },
  ] as const;
  let roleOrder = 1;
  const teamRoleIds: string[][] = [];
  teamSpecs.forEach((spec, index) => {
    const teamId = random.uuid();
    catalogue.teams.push({ id: teamId, title: spec.title, description: spec.description, sort_order: index + 1 });
    teamRoleIds.push(
      spec.roles.map(([title, color]) => {
        const id = random.uuid();
        catalogue.teamRoles.push({ id, title, color, sort_order: roleOrder++ });
        return id;
      }),
    );
  });
  teamNicknames.forEach((nickname, index) => {
    const teamIndex = index < 10 ? 0 : 1 + ((index - 10) % 4);
    const team = catalogue.teams[teamIndex]!;
    const id = random.uuid();
    catalogue.teamUsers.push({
      id,
      account_id: 1000 + index,
      team_id: team.id,
      nickname,
      avatar_index: (index % AVATAR_COUNT) + 1,
      is_intern: random.chance(0.15) ? 1 : 0,
      is_vacation: random.chance(0.1) ? 1 : 0,
      sort_order: index + 1,
    });
    for (const roleId of teamRoleIds[teamIndex] ?? []) catalogue.teamUserRoles.push([id, roleId]);
  });
}
