// Device linking: a device asks for a 6-digit code, a signed-in user accepts it, the device signs in.
import crypto from "node:crypto";
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { notFound, unauthorized } from "../http/api-error";
import { parseInput } from "../http/validation";
import { signIn } from "./auth-routes";
import { type OtpCodeRow } from "../db/rows";
import { makeRoomForOtpCode } from "./housekeeping";

export const OTP_LIFETIME_SECONDS = 300;

const deviceIdField = z.string().trim().min(1).max(128);
const codeField = z.preprocess(
  (value) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? String(value).padStart(6, "0") : value),
  z.string().regex(/^\d{6}$/, "Код должен состоять из 6 цифр."),
);

function activeCode(context: RequestContext, code: string): OtpCodeRow | undefined {
  return context.db
    .prepare("SELECT * FROM otp_codes WHERE code = ? AND consumed_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1")
    .get(code, context.now().toISOString()) as OtpCodeRow | undefined;
}

function present(context: RequestContext, row: OtpCodeRow) {
  return {
    otp: { code: row.code, user_id: row.user_id, device_id: row.device_id, expired_at: row.expires_at },
    remaining_time: Math.max(0, Math.round((Date.parse(row.expires_at) - context.now().getTime()) / 1000)),
  };
}

export const otpRoutes: Route[] = [
  {
    method: "POST",
    path: "/accounts/otp/get",
    handler: async (context) => {
      const { device_id: deviceId } = parseInput(z.object({ device_id: deviceIdField }), await context.json());
      const now = context.now();
      const pending = context.db
        .prepare(
          "SELECT * FROM otp_codes WHERE device_id = ? AND consumed_at IS NULL AND user_id IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1",
        )
        .get(deviceId, now.toISOString()) as OtpCodeRow | undefined;
      if (pending) return present(context, pending);
      makeRoomForOtpCode(context.db, now);
      let code = "";
      do code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
      while (activeCode(context, code));
      const expiresAt = new Date(now.getTime() + OTP_LIFETIME_SECONDS * 1000).toISOString();
      const id = context.db
        .prepare("INSERT INTO otp_codes (code, device_id, expires_at, created_at) VALUES (?, ?, ?, ?)")
        .run(code, deviceId, expiresAt, now.toISOString()).lastInsertRowid;
      return present(context, context.db.prepare("SELECT * FROM otp_codes WHERE id = ?").get(id) as OtpCodeRow);
    },
  },
  {
    method: "POST",
    path: "/accounts/otp/accept",
    handler: async (context) => {
      const signedIn = context.user();
      if (!signedIn) throw unauthorized();
      const { code } = parseInput(z.object({ code: codeField }), await context.json());
      const row = activeCode(context, code);
      if (!row) throw notFound("Код не найден или истёк.");
      context.db.prepare("UPDATE otp_codes SET user_id = ? WHERE id = ?").run(signedIn.user.id, row.id);
      return { message: "Устройство привязано к аккаунту." };
    },
  },
  {
    method: "POST",
    path: "/accounts/otp/login",
    handler: async (context) => {
      const input = parseInput(z.object({ code: codeField, device_id: deviceIdField }), await context.json());
      const row = activeCode(context, input.code);
      if (!row || row.device_id !== input.device_id) throw notFound("Код не найден или истёк.");
      if (row.user_id === null) throw unauthorized("Код ещё не подтверждён на сайте.");
      context.db.prepare("UPDATE otp_codes SET consumed_at = ? WHERE id = ?").run(context.now().toISOString(), row.id);
      return signIn(context, row.user_id);
    },
  },
];
