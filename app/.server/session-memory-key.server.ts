// What a session's entries in this process's memory are stored under: a hash of its upstream token (43 characters),
// never the token itself, so a dump of the memory names no usable credential.
import { createHash } from "node:crypto";

export function sessionMemoryKey(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}
