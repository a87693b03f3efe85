// The same-origin API proxy (allowlisted paths, Origin check, body limit): logic in ~/.server/api-proxy.server.
export { proxyRoute as action, proxyRoute as loader } from "~/.server/api-proxy.server";
