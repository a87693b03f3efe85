// A bare HTTP/1.1 client on node:net: it sends bytes no well-behaved client would (CR/LF, NUL, raw UTF-8 in
// the request line, TRACE, bodies that never arrive) and reads whatever comes back until the server closes.
import { connect } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";

export interface RawResponse {
  status: number;
  /** Header names in lower case; repeated headers keep every value. */
  headers: Map<string, string[]>;
  /** The body after de-chunking and decompression (raw when either fails). */
  body: Buffer;
}

export interface Exchange {
  response: RawResponse | null;
  /** From the first byte written to the server's close (or to giving up). */
  milliseconds: number;
  /** The server closed the connection by itself; false when the client gave up first. */
  closedByServer: boolean;
  error: string | null;
}

export interface RawRequest {
  port: number;
  host?: string;
  /** Written at once; a request that stalls simply stops here and waits for the server. */
  payload: Buffer;
  /** How long to wait for the server to answer and close before giving up and destroying the socket. */
  timeoutMilliseconds: number;
}

/** Every written byte is the same as in the string (characters above U+00FF must be encoded by the caller). */
export function latin1(text: string): Buffer {
  return Buffer.from(text, "latin1");
}

/** The UTF-8 bytes of a string, as a one-byte-per-character string for request lines and headers. */
export function utf8Bytes(text: string): string {
  return Buffer.from(text, "utf8").toString("latin1");
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf("\r\n", offset);
    if (lineEnd < 0) break;
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString("latin1").split(";")[0] ?? "", 16);
    if (!Number.isFinite(size) || size <= 0) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === "gzip") return gunzipSync(body);
    if (encoding === "br") return brotliDecompressSync(body);
    if (encoding === "deflate") return inflateSync(body);
  } catch {
    // A cut-off or mislabelled body is checked as it came.
  }
  return body;
}

/** Parses one response from everything the server sent; null without a status line. */
export function parseResponse(bytes: Buffer): RawResponse | null {
  const headerEnd = bytes.indexOf("\r\n\r\n");
  const head = bytes.subarray(0, headerEnd < 0 ? bytes.length : headerEnd).toString("latin1");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!status) return null;
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  let body = headerEnd < 0 ? Buffer.alloc(0) : bytes.subarray(headerEnd + 4);
  if (headers.get("transfer-encoding")?.some((value) => value.toLowerCase().includes("chunked"))) body = dechunk(body);
  return { status: Number(status[1]), headers, body: decode(body, headers.get("content-encoding")?.[0]?.toLowerCase()) };
}

/** One request on its own connection; resolves when the server closes it or the timeout passes. */
export function exchange(request: RawRequest): Promise<Exchange> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const started = performance.now();
    let error: string | null = null;
    let settled = false;
    const socket = connect({ port: request.port, host: request.host ?? "127.0.0.1" });
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ response: parseResponse(Buffer.concat(chunks)), milliseconds: performance.now() - started, closedByServer, error });
    };
    const timer = setTimeout(() => {
      error ??= `no close within ${request.timeoutMilliseconds} ms`;
      finish(false);
    }, request.timeoutMilliseconds);
    socket.on("connect", () => socket.write(request.payload));
    socket.on("data", (chunk) => chunks.push(chunk));
    // A server that answers early (413) and resets while the body is still being written has still answered.
    socket.on("error", (cause: NodeJS.ErrnoException) => {
      if (cause.code !== "ECONNRESET" && cause.code !== "EPIPE") error = cause.code ?? cause.message;
    });
    socket.on("close", () => finish(true));
  });
}

export function headerValue(response: RawResponse, name: string): string | undefined {
  return response.headers.get(name)?.join(", ");
}
