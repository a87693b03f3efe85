// Random opaque secrets (bearer tokens, e-mail links, social states) and their stored SHA-256 form.
import crypto from "node:crypto";

export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

export function randomPasskey(): string {
  return crypto.randomBytes(16).toString("hex");
}
