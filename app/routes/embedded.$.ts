// The embedded API's own pages (dev mailbox, social-login stand-in); 404 when a remote upstream is used.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { serveEmbeddedPath } from "~/.server/embedded-passthrough.server";

export function loader({ request }: LoaderFunctionArgs) {
  return serveEmbeddedPath(request);
}

export function action({ request }: ActionFunctionArgs) {
  return serveEmbeddedPath(request);
}
