import type { Image } from "./image";

export type Team = { id: string; title: string; description: string | null; sortOrder: number | null };

export type TeamRole = { id: string; title: string; color: string | null; sortOrder: number | null };

export type TeamUser = {
  id: string;
  nickname: string;
  isIntern: boolean;
  isVacation: boolean;
  sortOrder: number | null;
  team: Team | null;
  user: { id: number; nickname: string | null; avatar: Image } | null;
  roles: TeamRole[];
};
