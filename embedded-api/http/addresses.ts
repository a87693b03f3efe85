// Client addresses, for the decisions that depend on who is asking (decision 0250). Shared with the site's server
// (its /healthz details), which may import from here; the embedded API never imports from the site.
import { isIP } from "node:net";

/** The loopback addresses, as Node reports a socket's peer (IPv4, IPv6, IPv4 mapped into IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const unmapped = address.toLowerCase().replace(/^::ffff:/, "");
  if (isIP(unmapped) === 4) return unmapped.startsWith("127.");
  return unmapped === "::1";
}
