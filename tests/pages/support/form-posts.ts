// A browser without JavaScript that keeps its cookies: it loads pages, submits their forms as urlencoded POSTs with
// its Origin, follows redirects by hand, and reads what comes back — the no-JavaScript runs of the account, settings
// and list forms, at the request level (decision 0268). Each visitor talks from its own address, so the sign-in
// rate limit (ten submissions a minute per client, decision 0043) counts it alone; the servers trust the header.
import { expect } from "vitest";
import { PERSON_USER_AGENT } from "../../support/browser";
import { newAccount, randomClientAddress, type TestAccount } from "../../support/test-accounts";
import { formFields, pageOf, siteUrl, textOf, type LoadedPage, type PageServer } from "./page";

const MAX_REDIRECTS = 5;

/**
 * A check that registers accounts and walks several forms makes a few dozen requests, each hashing a password or
 * rendering a page: on a loaded machine that outlasts the suite's 30 s default, as in the browser suite (120 s).
 */
export const ACCOUNT_CHECK_TIMEOUT = 120_000;

/** A form submission's first answer (its status and redirect) and the page a browser ends on after following it. */
export type Submitted = { status: number; location: string | null; page: LoadedPage };

export class NoScriptBrowser {
  readonly address = randomClientAddress();
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly server: PageServer = "inProcess",
    private readonly userAgent = PERSON_USER_AGENT,
  ) {}

  get origin(): string {
    return siteUrl(this.server);
  }

  /** One request as this browser sends it (its cookies, address and user agent); the answer's cookies are kept. */
  async send(path: string, init: { method?: string; body?: URLSearchParams | FormData | string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { "User-Agent": this.userAgent, "X-Forwarded-For": this.address, ...init.headers };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    if (init.body instanceof URLSearchParams) headers["Content-Type"] = "application/x-www-form-urlencoded";
    if (init.method && init.method !== "GET") headers.Origin = this.origin;
    const response = await fetch(new URL(path, this.origin), {
      method: init.method ?? "GET",
      headers,
      body: init.body,
      redirect: "manual",
    });
    this.keepCookies(response);
    return response;
  }

  private keepCookies(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const equals = pair.indexOf("=");
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", setting = ""] = attribute.split("=").map((part) => part.trim());
        if (key.toLowerCase() === "max-age") return Number(setting) <= 0;
        return key.toLowerCase() === "expires" && Date.parse(setting) <= Date.now();
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  /** Follows `response`'s redirects with GETs, as a browser does after a form post, and parses where it ends. */
  private async follow(path: string, first: Response): Promise<LoadedPage> {
    let address = path;
    let response = first;
    for (let hops = 0; response.status >= 300 && response.status < 400 && response.headers.has("location"); hops += 1) {
      if (hops === MAX_REDIRECTS) throw new Error(`${path}: more than ${MAX_REDIRECTS} redirects`);
      const next = new URL(response.headers.get("location")!, new URL(address, this.origin));
      if (next.origin !== new URL(this.origin).origin) throw new Error(`${path} leads off the site, to ${next.href}`);
      address = `${next.pathname}${next.search}`;
      response = await this.send(address);
    }
    return pageOf(address, response);
  }

  async load(path: string): Promise<LoadedPage> {
    return this.follow(path, await this.send(path));
  }

  /** Changes the account through the site's own API proxy, as the player and the toggles do; fails on an error status. */
  async postToApi(path: string, body: unknown): Promise<void> {
    const answer = await this.send(`/api/v1${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "Content-Type": "application/json" },
    });
    expect(answer.ok, `POST ${path}: ${answer.status}`).toBe(true);
  }

  /** POSTs fields straight to an address (as the site's own forms or an attacker's page would), without following. */
  async post(path: string, fields: Record<string, string>): Promise<Response> {
    return this.send(path, { method: "POST", body: new URLSearchParams(fields) });
  }

  /**
   * Submits a POST form of `page` as a person would: its fields (hidden ones included) with `values` typed over
   * them, `check` ticked and `uncheck` unticked, by `submitter`, with `files` chosen in a multipart form; then follows
   * the answer's redirects.
   */
  async submit(
    page: LoadedPage,
    form: HTMLFormElement,
    values: Record<string, string> = {},
    { uncheck = [], files = {}, ...options }: Parameters<typeof formFields>[1] & { uncheck?: Element[]; files?: Record<string, File> } = {},
  ): Promise<Submitted> {
    expect(form.getAttribute("method")?.toLowerCase(), "a form that works without JavaScript posts").toBe("post");
    const action = new URL(form.getAttribute("action") ?? page.path, new URL(page.path, this.origin));
    const unticked = uncheck.map((control) => `${control.getAttribute("name")}=${control.getAttribute("value") ?? "on"}`);
    const fields = new URLSearchParams([...formFields(form, options)].filter(([name, value]) => !unticked.includes(`${name}=${value}`)));
    for (const [name, value] of Object.entries(values)) fields.set(name, value);
    const path = `${action.pathname}${action.search}`;
    let body: URLSearchParams | FormData = fields;
    if (form.getAttribute("enctype") === "multipart/form-data") {
      body = new FormData();
      for (const [name, value] of fields) body.append(name, value);
      for (const [name, file] of Object.entries(files)) body.set(name, file);
    } else expect(Object.keys(files), "files go in a multipart form").toEqual([]);
    const response = await this.send(path, { method: "POST", body });
    return { status: response.status, location: response.headers.get("location"), page: await this.follow(path, response) };
  }
}

/** The form around the button named `button` (the page's only one, as `getByRole` finds it). */
export function formOf(page: LoadedPage, button: string | RegExp): HTMLFormElement {
  const form = page.screen.getByRole("button", { name: button }).closest("form");
  if (!form) throw new Error(`${String(button)} is not in a form on ${page.path}`);
  return form;
}

/**
 * A list's own items, not those of lists inside them (a card's closed collection menu, which a browser leaves out of
 * the accessibility tree and Testing Library does not).
 */
export function ownItems(list: HTMLElement): HTMLElement[] {
  return [...list.children].filter((child): child is HTMLElement => child.tagName === "LI");
}

/** The message under a field (`#field-{name}-error`), or null when it has none. */
export function fieldError(page: LoadedPage, name: string): string | null {
  const message = page.document.getElementById(`field-${name}-error`);
  return message ? textOf(message) : null;
}

/**
 * A toast carried by a redirect: without JavaScript the server renders it inside <noscript>, which a browser that
 * runs no scripts shows. Its text, or "" when the page has none.
 */
export function noScriptToasts(page: LoadedPage): string {
  return [...page.document.querySelectorAll("noscript")].map((element) => element.textContent ?? "").join("\n");
}

/** The development mailbox (it opens only to callers on the server's machine, decision 0250: no address of our own). */
async function readMailbox(server: PageServer): Promise<string> {
  const answer = await fetch(new URL("/embedded/mailbox", siteUrl(server)));
  expect(answer.status, "the mailbox answers a loopback caller").toBe(200);
  return answer.text();
}

/** The newest link mailed to `email` whose address contains `pathPart`, as a path with its query. */
export async function mailedLink(email: string, pathPart: string, server: PageServer = "inProcess"): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        for (const article of (await readMailbox(server)).split("<article").slice(1).reverse()) {
          if (!article.includes(`кому: ${email}`)) continue;
          const link = /<a href="([^"]+)">Открыть ссылку из письма<\/a>/.exec(article)?.[1];
          if (link?.includes(pathPart)) {
            found = link.replaceAll("&amp;", "&");
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${email} with ${pathPart}`, timeout: 10_000 },
    )
    .toBe(true);
  const url = new URL(found!);
  return `${url.pathname}${url.search}`;
}

/** Whether anything was mailed to `email`. */
export async function mailboxMentions(email: string, server: PageServer = "inProcess"): Promise<boolean> {
  return (await readMailbox(server)).includes(email);
}

/** Fills and sends the registration form; the account waits for its e-mail to be confirmed. */
export async function register(browser: NoScriptBrowser, account: TestAccount): Promise<Submitted> {
  const page = await browser.load("/app/auth/registration/newRegistration");
  return browser.submit(page, formOf(page, "Зарегистрироваться"), {
    login: account.login,
    email: account.email,
    nickname: account.nickname,
    password: account.password,
    password_confirmation: account.password,
  });
}

/** Opens the mailed confirmation link and confirms; the browser ends on the sign-in page. */
export async function verifyEmail(browser: NoScriptBrowser, account: TestAccount): Promise<Submitted> {
  const page = await browser.load(await mailedLink(account.email, "/app/auth/registration/verifyEmail", browser.server));
  return browser.submit(page, formOf(page, "Подтвердить e-mail"));
}

/** Signs in through the sign-in form at `loginPath`. */
export async function signIn(browser: NoScriptBrowser, loginOrEmail: string, password: string, loginPath = "/app/auth/login") {
  const page = await browser.load(loginPath);
  return browser.submit(page, formOf(page, /^Войти$/), { login: loginOrEmail, password });
}

/** A fresh account, registered, confirmed and signed in through the forms; returns it and where the sign-in led. */
export async function signedInAccount(browser: NoScriptBrowser, loginPath?: string): Promise<TestAccount & { landing: Submitted }> {
  const account = newAccount();
  expect((await register(browser, account)).page.path).toMatch(/\/app\/auth\/registration\/newRegistration\?sent/);
  expect((await verifyEmail(browser, account)).page.path).toBe("/app/auth/login");
  const landing = await signIn(browser, account.login, account.password, loginPath);
  expect(landing.status, `signing in ${account.login}`).toBe(302);
  return { ...account, landing };
}
