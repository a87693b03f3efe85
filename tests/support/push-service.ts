// A stand-in push service on 127.0.0.1 for the notification sender's tests: it holds devices (a P-256 key pair and
// an auth secret each, as a browser makes them), checks each message's VAPID signature and decrypts its payload
// (RFC 8291, aes128gcm) with the device's private key, as a browser would after the real service delivered it.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** `at`: when it arrived (performance.now()). */
export type Received = { deviceId: string; payload: unknown; urgency: string; ttl: string; at: number };

type Device = {
  id: string;
  privateKey: Buffer;
  publicKey: Buffer;
  auth: Buffer;
  /** What the service answers for this device (201 by default; 410 once it unsubscribed). */
  status: number;
  /** While set, messages to this device get no answer until `release` is called. */
  hold: Promise<void> | null;
};

function decrypt(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const curve = createECDH("prime256v1");
  curve.setPrivateKey(device.privateKey);
  const sharedSecret = curve.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.publicKey, serverKey]);
  const inputKey = Buffer.from(hkdfSync("sha256", sharedSecret, device.auth, keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync("sha256", inputKey, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", inputKey, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** `vapid t=<JWT>, k=<public key>`: the JWT signed (ES256) by that key, for this service's origin, not expired. */
function vapidIsValid(header: string | undefined, origin: string, expectedKey: string): boolean {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match || match[2] !== expectedKey) return false;
  const [encodedHeader, encodedClaims, signature] = (match[1] ?? "").split(".");
  if (!encodedHeader || !encodedClaims || !signature) return false;
  const raw = Buffer.from(expectedKey, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33, 65).toString("base64url") },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${encodedHeader}.${encodedClaims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  const claims = JSON.parse(Buffer.from(encodedClaims, "base64url").toString("utf8")) as { aud?: string; exp?: number };
  return signed && claims.aud === origin && typeof claims.exp === "number" && claims.exp * 1000 > Date.now();
}

export class PushServiceStandIn {
  readonly received: Received[] = [];
  /** Messages refused for a bad signature or an undecryptable body. */
  readonly refused: string[] = [];
  private readonly devices = new Map<string, Device>();
  private readonly releases = new Map<string, () => void>();
  private readonly waiters: { count: number; resolve: () => void }[] = [];
  private held = 0;
  private readonly heldWaiters: { count: number; resolve: () => void }[] = [];
  private server: Server | null = null;
  private origin = "";
  /** Connections the sender opened to the service. */
  connections = 0;
  private readonly answeredOn = new WeakSet<Socket>();

  /**
   * `roundTripMs` stands for the network to a real push service, on https: a message on a new connection arrives
   * 2.5 round trips after it was sent (TCP's and TLS 1.3's handshakes, then the request), one on a kept connection
   * half a round trip after; each answer takes half a round trip back.
   */
  constructor(
    private readonly vapidPublicKey: string,
    private readonly roundTripMs = 0,
  ) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.answer(request, response));
    this.server.on("connection", () => (this.connections += 1));
    this.server.listen(0, "127.0.0.1");
    await once(this.server, "listening");
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const release of this.releases.values()) release();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** A new device: what the browser would send the site as its subscription. */
  device(): { endpoint: string; p256dh: string; auth: string } {
    const curve = createECDH("prime256v1");
    curve.generateKeys();
    const id = randomBytes(8).toString("hex");
    const device: Device = {
      id,
      privateKey: curve.getPrivateKey(),
      publicKey: curve.getPublicKey(),
      auth: randomBytes(16),
      status: 201,
      hold: null,
    };
    this.devices.set(id, device);
    return {
      endpoint: `${this.origin}/push/${id}`,
      p256dh: device.publicKey.toString("base64url"),
      auth: device.auth.toString("base64url"),
    };
  }

  private deviceOf(endpoint: string): Device {
    const device = this.devices.get(endpoint.split("/").at(-1) ?? "");
    if (!device) throw new Error(`no device at ${endpoint}`);
    return device;
  }

  answerWith(endpoint: string, status: number): void {
    this.deviceOf(endpoint).status = status;
  }

  /** Messages to this device hang until `release(endpoint)`. */
  holdMessages(endpoint: string): void {
    const device = this.deviceOf(endpoint);
    device.hold = new Promise<void>((resolve) => this.releases.set(device.id, resolve));
  }

  release(endpoint: string): void {
    this.releases.get(this.deviceOf(endpoint).id)?.();
  }

  receivedBy(endpoint: string): Received[] {
    const { id } = this.deviceOf(endpoint);
    return this.received.filter((message) => message.deviceId === id);
  }

  /** Resolves once `count` messages have been received in all. */
  async untilReceived(count: number): Promise<void> {
    if (this.received.length >= count) return;
    await new Promise<void>((resolve) => this.waiters.push({ count, resolve }));
  }

  /** Messages that have arrived, in all, for devices whose messages are held. */
  get heldSoFar(): number {
    return this.held;
  }

  /** Resolves once `count` messages in all have arrived for devices whose messages are held. */
  async untilHeld(count: number): Promise<void> {
    if (this.held >= count) return;
    await new Promise<void>((resolve) => this.heldWaiters.push({ count, resolve }));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (this.roundTripMs > 0) {
      const kept = this.answeredOn.has(request.socket);
      this.answeredOn.add(request.socket);
      await sleep(this.roundTripMs * (kept ? 0.5 : 2.5));
    }
    const device = this.devices.get((request.url ?? "").split("/").at(-1) ?? "");
    if (!device || request.method !== "POST") {
      response.writeHead(404).end();
      return;
    }
    if (device.hold) {
      this.held += 1;
      for (const waiter of this.heldWaiters.filter((entry) => this.held >= entry.count)) waiter.resolve();
      await device.hold;
    }
    if (device.status !== 201) {
      response.writeHead(device.status).end();
      return;
    }
    try {
      if (!vapidIsValid(request.headers.authorization, this.origin, this.vapidPublicKey)) throw new Error("bad VAPID signature");
      if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
      const payload: unknown = JSON.parse(decrypt(device, Buffer.concat(chunks)));
      this.received.push({
        deviceId: device.id,
        payload,
        urgency: String(request.headers.urgency ?? ""),
        ttl: String(request.headers.ttl ?? ""),
        at: performance.now(),
      });
    } catch (error) {
      this.refused.push(String(error));
      response.writeHead(400).end();
      return;
    }
    if (this.roundTripMs > 0) await sleep(this.roundTripMs / 2);
    response.writeHead(201).end();
    for (const waiter of this.waiters.filter((entry) => this.received.length >= entry.count)) waiter.resolve();
  }
}
