// Helpers shared by the embedded API tests: an in-memory API and a small JSON client for it.
import { createEmbeddedApi, type EmbeddedApi, type EmbeddedApiOptions } from "./index";
import { DEMO_ACCOUNT } from "./demo-constants";

export const TEST_ORIGIN = "http://embedded.test";

export interface ApiAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** One browser's view of an in-memory API: it keeps the cookies the API sets and sends them back. */
export class TestClient {
  readonly api: EmbeddedApi;
  private readonly cookies = new Map<string, string>();

  constructor(options: Partial<EmbeddedApiOptions> = {}, sharedApi?: EmbeddedApi) {
    this.api = sharedApi ?? createEmbeddedApi({ dbPath: ":memory:", seed: { releases: 120 }, ...options });
  }

  /** Another browser (no cookies of this one's) on the same API; closing either closes the API. */
  anotherBrowser(): TestClient {
    return new TestClient({}, this.api);
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
    const headers: Record<string, string> = {
      "user-agent": "vitest (X11; Linux x86_64) Chrome/120.0",
      ...options.headers,
    };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (this.cookies.size > 0) headers.cookie ??= [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers["content-type"] ??= "application/json";
    const url = path.startsWith("http")
      ? path
      : `${TEST_ORIGIN}${
          path.startsWith("/api/") || path.startsWith("/storage/") || path.startsWith("/embedded/") ? "" : "/api/v1"
        }${path}`;
    const response = await this.api.handle(new Request(url, { method, headers, body }));
    for (const cookie of response.headers.getSetCookie()) {
      const [name = "", value = ""] = (cookie.split(";", 1)[0] ?? "").split("=", 2);
      this.cookies.set(name.trim(), value.trim());
    }
    const text = await response.text();
    let parsed: unknown = undefined;
    if ((response.headers.get("content-type") ?? "").includes("json") && text !== "") parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  get = (path: string, options?: CallOptions) => this.call("GET", path, options);
  post = (path: string, options?: CallOptions) => this.call("POST", path, options);
  delete = (path: string, options?: CallOptions) => this.call("DELETE", path, options);

  async signIn(login: string = DEMO_ACCOUNT.login, password: string = DEMO_ACCOUNT.password): Promise<string> {
    const answer = await this.post("/accounts/users/auth/login", { body: { login, password } });
    if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
    return (answer.body as { token: string }).token;
  }

  close(): void {
    this.api.close();
  }
}

export type Json = Record<string, unknown>;
export const asJson = (value: unknown): Json => value as Json;
export const asList = (value: unknown): Json[] => value as Json[];
