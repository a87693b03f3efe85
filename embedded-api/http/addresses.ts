// Client addresses, for the decisions that depend on who is asking (decision 0250).
import { isIP } from "node:net";

/** The loopback addresses, as Node reports a socket's peer (IPv4, IPv6, IPv4 mapped into IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const unmapped = address.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(unmapped) === 4) return unmapped.startsWith("127.");
  return unmapped === "::1";
}
