// The same-origin API proxy (allowlisted paths, Origin check, body limit): logic in ~/.server/api-proxy.server.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { proxyApiRequest } from "~/.server/api-proxy.server";

export function loader({ request }: LoaderFunctionArgs) {
  return proxyApiRequest(request);
}

export function action({ request }: ActionFunctionArgs) {
  return proxyApiRequest(request);
}
