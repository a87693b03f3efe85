// The bells: which titles an owner (an account, or one browser of a visitor) wants to hear about, and how
// (decision 0284). «Выключено» is no row. Bounded per owner; a visitor's rows go when the visitor has not come back.
import type { BellMode, BellOwner, BellRow } from "~/domain/episode-bell";
import { notificationStore, type NotificationStore } from "./notification-store.server";

/** Titles one owner may ring for: more than anyone follows, few enough that a script cannot fill the file. */
export const MAX_BELLS_PER_OWNER = 300;
/** A visitor's bells (and devices) are dropped after this long without a visit. */
export const VISITOR_RETENTION_MS = 180 * 24 * 60 * 60_000;

export type BellChange = {
  owner: BellOwner;
  release: { id: number; alias: string; title: string };
  mode: BellMode;
  /** Whether the title is in the viewer's favorites or collections now (for «Только в избранном/списках»). */
  inLists: boolean;
};

export type BellChangeResult = { ok: true } | { ok: false; reason: "too-many" };

export function ownerKey(owner: BellOwner): string {
  return owner.kind === "account" ? `a:${owner.accountId}` : `v:${owner.visitorId}`;
}

export async function bellModeOf(owner: BellOwner, releaseId: number, store: NotificationStore = notificationStore()): Promise<BellMode> {
  return (await store.bell(ownerKey(owner), releaseId))?.mode ?? "off";
}

export function bellsOf(owner: BellOwner, store: NotificationStore = notificationStore()): Promise<BellRow[]> {
  return store.bells(ownerKey(owner));
}

export async function setBell(
  change: BellChange,
  now = Date.now(),
  store: NotificationStore = notificationStore(),
): Promise<BellChangeResult> {
  const owner = ownerKey(change.owner);
  const { release, mode } = change;
  if (mode === "off") {
    await store.deleteBell(owner, release.id);
    return { ok: true };
  }
  const bell: BellRow = {
    releaseId: release.id,
    mode,
    inLists: change.inLists,
    alias: release.alias,
    title: release.title.slice(0, 300),
    updatedAt: now,
  };
  return (await store.putBell(owner, bell, MAX_BELLS_PER_OWNER)) ? { ok: true } : { ok: false, reason: "too-many" };
}

/**
 * Keeps «Только в избранном/списках» following the viewer's lists: called wherever the app learns them (a list
 * change, the release page's list state). The sender has no token, so it reads this flag, not the upstream.
 */
export function noteListMembership(
  owner: BellOwner,
  releaseId: number,
  inLists: boolean,
  store: NotificationStore = notificationStore(),
): Promise<void> {
  return store.setInLists(ownerKey(owner), releaseId, inLists);
}

export function anyBellFor(releaseId: number, store: NotificationStore = notificationStore()): Promise<boolean> {
  return store.anyBellFor(releaseId);
}

/** Drops the bells, devices and settings of visitors unseen for VISITOR_RETENTION_MS. */
export function sweepVisitors(now = Date.now(), store: NotificationStore = notificationStore()): Promise<number> {
  return store.sweepVisitors(now - VISITOR_RETENTION_MS);
}
