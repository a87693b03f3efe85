// Adapts a fetch handler (Request → Response) to node:http, so the API can run as its own server.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FetchHandler = (request: Request) => Promise<Response>;

const MAX_BODY_BYTES = 2 * 1024 * 1024;

async function readBody(incoming: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error("request body too large");
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Builds a fetch Request from a node request; the client address is appended to X-Forwarded-For. */
export async function toFetchRequest(incoming: http.IncomingMessage): Promise<Request> {
  const encrypted = (incoming.socket as { encrypted?: boolean }).encrypted === true;
  const host = incoming.headers.host ?? `localhost:${(incoming.socket.localPort ?? 80).toString()}`;
  const url = new URL(incoming.url ?? "/", `${encrypted ? "https" : "http"}://${host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(name, item));
    else headers.set(name, value);
  }
  const remote = incoming.socket.remoteAddress;
  if (remote) {
    const forwarded = headers.get("x-forwarded-for");
    headers.set("x-forwarded-for", forwarded ? `${forwarded}, ${remote}` : remote);
  }
  const method = incoming.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? undefined : await readBody(incoming);
  return new Request(url, { method, headers, body: body && body.length > 0 ? new Uint8Array(body) : undefined });
}

export async function writeFetchResponse(response: Response, outgoing: http.ServerResponse, method = "GET"): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  outgoing.writeHead(response.status, headers);
  if (!response.body || method === "HEAD") {
    await response.body?.cancel();
    outgoing.end();
    return;
  }
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!outgoing.write(chunk)) await new Promise((resolve) => outgoing.once("drain", resolve));
  }
  outgoing.end();
}

export function toNodeListener(handle: FetchHandler): http.RequestListener {
  return (incoming, outgoing) => {
    toFetchRequest(incoming)
      .then(handle)
      .then((response) => writeFetchResponse(response, outgoing, incoming.method))
      .catch((error: unknown) => {
        if (!outgoing.headersSent) {
          const tooLarge = error instanceof Error && error.message === "request body too large";
          outgoing.writeHead(tooLarge ? 413 : 500, { "content-type": "application/json; charset=utf-8" });
          outgoing.end(JSON.stringify({ message: tooLarge ? "Слишком большой запрос" : "Внутренняя ошибка сервера" }));
        } else {
          outgoing.destroy(error instanceof Error ? error : undefined);
        }
      });
  };
}

export interface RunningServer {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

/** Listens on `port` (0 = any free port) until closed. */
export function startStandaloneServer(handle: FetchHandler, port: number, hostname = "0.0.0.0"): Promise<RunningServer> {
  const server = http.createServer(toNodeListener(handle));
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => {
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
