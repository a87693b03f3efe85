// Throwaway HTTP servers on 127.0.0.1 for unit tests of what fetches (a hostile upstream, an ad server), each
// counting the requests it got; `closeLoopbackServers` in an afterEach closes every one a test started.
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

const servers: Server[] = [];

export async function serveOnLoopback(listener: RequestListener): Promise<{ origin: string; port: number; hits: () => number }> {
  let hits = 0;
  const server = createServer((request, response) => {
    hits += 1;
    listener(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, hits: () => hits };
}

export async function closeLoopbackServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
}
