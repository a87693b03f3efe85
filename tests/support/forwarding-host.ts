// Small HTTP hosts for browser tests that put something between the app and its upstream: a host that logs what it
// is asked, and a handler that passes requests on to another origin (the embedded API), optionally late.
import { createServer, request as forward, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Host = { origin: string; log: string[]; server: Server; close(): Promise<void> };

export async function startHost(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<Host> {
  const log: string[] = [];
  const server = createServer((request, response) => {
    log.push(request.url ?? "");
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, log, server, close };
}

type ForwardOptions = {
  /** The Host the origin is told it was reached as (it names its media from it); the origin's own by default. */
  asHost?: () => string;
  /** How long to hold a request before passing it on; none by default. */
  delayMs?: (url: string) => number;
};

/** Passes every request on to `origin` and its answer back. */
export function forwardTo(origin: () => string, { asHost = () => new URL(origin()).host, delayMs = () => 0 }: ForwardOptions = {}) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const send = () => {
      const upstream = forward(
        `${origin()}${request.url ?? "/"}`,
        { method: request.method, headers: { ...request.headers, host: asHost() } },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", () => response.destroy());
      request.pipe(upstream);
    };
    const delay = delayMs(request.url ?? "/");
    if (delay > 0) setTimeout(send, delay);
    else send();
  };
}
