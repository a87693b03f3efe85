// Reading a link to a moment of an episode: `?t=754`, `?t=12:34`, `?t=1h2m3s` (decision 0285). Anything else is ignored.
import { z } from "zod";
import { MOMENT_PARAMETER } from "./moment-parameter";

const LONGEST_EPISODE_SECONDS = 24 * 3600;

function secondsOf(text: string): number {
  if (/^\d{1,6}$/.test(text)) return Number(text);
  const clock = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(text);
  if (clock) return Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  const units = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s)?$/.exec(text);
  if (units && text !== "") return Number(units[1] ?? 0) * 3600 + Number(units[2] ?? 0) * 60 + Number(units[3] ?? 0);
  return Number.NaN;
}

const MomentSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(16)
  .transform(secondsOf)
  .pipe(z.number().int().min(1).max(LONGEST_EPISODE_SECONDS));

/** The second a link asks for, or null: none, unreadable, or not before the episode's end. */
export function momentOf(search: URLSearchParams, duration: number | null): number | null {
  const parsed = MomentSchema.safeParse(search.get(MOMENT_PARAMETER));
  if (!parsed.success) return null;
  return duration !== null && parsed.data >= duration ? null : parsed.data;
}
