// The viewer's player settings, remembered in localStorage between episodes and visits.
import { browserStorage, readJson, writeJson, type KeyValueStorage } from "~/features/progress/browser-storage";
import { STILL_WATCHING_EPISODES, STILL_WATCHING_MINUTES, type StillWatchingSettings } from "./still-watching";

export const QUALITY_CHOICES = ["auto", "480", "720", "1080"] as const;
export type QualityChoice = (typeof QUALITY_CHOICES)[number];

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const AUTO_NEXT_COUNTDOWNS = [0, 5, 10, 15] as const;

export type PlayerSettings = {
  quality: QualityChoice;
  playbackRate: number;
  /** 0…1. */
  volume: number;
  muted: boolean;
  autoSkipOpening: boolean;
  autoSkipEnding: boolean;
  autoNext: boolean;
  /** Seconds the end card waits before the next episode; 0 goes on at once. */
  autoNextCountdown: number;
  theatre: boolean;
  /** When auto-next or «Вы ещё смотрите?» last changed here (ms): against the settings page's cookie (player-care.ts). */
  careSavedAt: number;
} & StillWatchingSettings;

export const DEFAULT_SETTINGS: PlayerSettings = {
  quality: "auto",
  playbackRate: 1,
  volume: 1,
  muted: false,
  autoSkipOpening: false,
  autoSkipEnding: false,
  autoNext: true,
  autoNextCountdown: 10,
  theatre: false,
  stillWatchingCheck: true,
  stillWatchingEpisodes: 3,
  stillWatchingMinutes: 90,
  careSavedAt: 0,
};

export const SETTINGS_STORAGE_KEY = "player:settings:v1";

function pick<Value>(value: unknown, allowed: readonly Value[], fallback: Value): Value {
  return allowed.includes(value as Value) ? (value as Value) : fallback;
}

function flagOr(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

/** Whatever localStorage held (old versions, hand edits, garbage) becomes valid settings. */
export function parseSettings(value: unknown): PlayerSettings {
  const stored: Record<string, unknown> =
    value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const volume =
    typeof stored.volume === "number" && Number.isFinite(stored.volume) ? Math.min(1, Math.max(0, stored.volume)) : DEFAULT_SETTINGS.volume;
  return {
    quality: pick(stored.quality, QUALITY_CHOICES, DEFAULT_SETTINGS.quality),
    playbackRate: pick(stored.playbackRate, PLAYBACK_RATES as readonly number[], DEFAULT_SETTINGS.playbackRate),
    volume,
    muted: flagOr(stored.muted, DEFAULT_SETTINGS.muted),
    autoSkipOpening: flagOr(stored.autoSkipOpening, DEFAULT_SETTINGS.autoSkipOpening),
    autoSkipEnding: flagOr(stored.autoSkipEnding, DEFAULT_SETTINGS.autoSkipEnding),
    autoNext: flagOr(stored.autoNext, DEFAULT_SETTINGS.autoNext),
    autoNextCountdown: pick(stored.autoNextCountdown, AUTO_NEXT_COUNTDOWNS as readonly number[], DEFAULT_SETTINGS.autoNextCountdown),
    theatre: flagOr(stored.theatre, DEFAULT_SETTINGS.theatre),
    stillWatchingCheck: flagOr(stored.stillWatchingCheck, DEFAULT_SETTINGS.stillWatchingCheck),
    stillWatchingEpisodes: pick(
      stored.stillWatchingEpisodes,
      STILL_WATCHING_EPISODES as readonly number[],
      DEFAULT_SETTINGS.stillWatchingEpisodes,
    ),
    stillWatchingMinutes: pick(
      stored.stillWatchingMinutes,
      STILL_WATCHING_MINUTES as readonly number[],
      DEFAULT_SETTINGS.stillWatchingMinutes,
    ),
    careSavedAt: typeof stored.careSavedAt === "number" && Number.isFinite(stored.careSavedAt) ? stored.careSavedAt : 0,
  };
}

/** The remembered volume and mute, which apply to every episode. */
export function applyRememberedVolume(video: HTMLVideoElement, settings: Pick<PlayerSettings, "volume" | "muted">): void {
  video.volume = settings.volume;
  video.muted = settings.muted;
}

/** The remembered speed, which applies to every episode. */
export function applyRememberedRate(video: HTMLVideoElement, playbackRate: number): void {
  video.playbackRate = playbackRate;
}

/** The remembered volume, mute and speed, at an episode's start. */
export function applyRememberedPlayback(
  video: HTMLVideoElement,
  settings: Pick<PlayerSettings, "volume" | "muted" | "playbackRate">,
): void {
  applyRememberedVolume(video, settings);
  applyRememberedRate(video, settings.playbackRate);
}

export function loadSettings(storage: KeyValueStorage | null = browserStorage()): PlayerSettings {
  return parseSettings(readJson(storage, SETTINGS_STORAGE_KEY));
}

/** A failed write (quota, storage disabled) keeps the settings for this page only. */
export function saveSettings(settings: PlayerSettings, storage: KeyValueStorage | null = browserStorage()): void {
  writeJson(storage, SETTINGS_STORAGE_KEY, settings);
}
