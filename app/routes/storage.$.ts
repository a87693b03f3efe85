// Media of the embedded API (posters, HLS) on our own origin; 404 when a remote upstream serves its own.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { serveEmbeddedPath } from "~/.server/embedded-passthrough.server";

export function loader({ request }: LoaderFunctionArgs) {
  return serveEmbeddedPath(request);
}
