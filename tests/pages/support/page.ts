// One page as a client that runs no scripts gets it: the answer's status and headers, and its HTML parsed into a
// document to query by role, as the browser suite does (Testing Library's queries over happy-dom's parser). Nothing
// on the page runs: no scripts, no style sheets, no frames.
import { within, type BoundFunctions, type queries } from "@testing-library/dom";
import { Window } from "happy-dom";
import { afterAll, inject } from "vitest";
import { CRAWLER_USER_AGENT, PERSON_USER_AGENT } from "../../support/browser";
import type { DemoApi } from "../../support/demo-releases";

/** `inProcess`: the embedded API in the server's process; `overHttp`: the API client over the network (UPSTREAM_URL). */
export type PageServer = "inProcess" | "overHttp";

export type Visitor = { server?: PageServer; userAgent?: string; headers?: Record<string, string> };

// The parser would fetch what the page preloads: every request it makes is answered empty, from an address that goes
// nowhere, so parsing never reaches the network.
const window = new Window({
  url: "http://pages.invalid/",
  settings: {
    disableJavaScriptFileLoading: true,
    navigation: { disableMainFrameNavigation: true, disableChildFrameNavigation: true, disableChildPageNavigation: true },
    fetch: {
      interceptor: {
        beforeAsyncRequest: async ({ window: requester }) => new requester.Response("", { status: 204 }),
      },
    },
  },
});
afterAll(() => window.happyDOM.close());

export function siteUrl(server: PageServer = "inProcess"): string {
  return inject("pageServers")[server];
}

/** An answer as it comes, redirects included (nothing follows them). */
export async function request(path: string, { server = "inProcess", userAgent = CRAWLER_USER_AGENT, headers = {} }: Visitor = {}) {
  return fetch(new URL(path, siteUrl(server)), { headers: { "User-Agent": userAgent, ...headers }, redirect: "manual" });
}

export type LoadedPage = {
  /** The address the page was finally answered at (after redirects), as a path with its query. */
  path: string;
  status: number;
  headers: Headers;
  html: string;
  document: Document;
  /** Role queries over the body, as Playwright's `page.getByRole` (Testing Library's: `name` strings match whole). */
  screen: BoundFunctions<typeof queries>;
};

const MAX_REDIRECTS = 5;

/** A page as a browser without JavaScript (or a crawler) loads it: redirects followed, the HTML parsed. */
export async function loadPage(path: string, visitor: Visitor = {}): Promise<LoadedPage> {
  let address = path;
  let response = await request(address, visitor);
  for (let hops = 0; response.status >= 300 && response.status < 400 && response.headers.has("location"); hops += 1) {
    if (hops === MAX_REDIRECTS) throw new Error(`${path}: more than ${MAX_REDIRECTS} redirects`);
    const next = new URL(response.headers.get("location")!, new URL(address, siteUrl(visitor.server)));
    address = `${next.pathname}${next.search}`;
    response = await request(address, visitor);
  }
  return pageOf(address, response);
}

/** An answer's page as `loadPage` parses it: the `path` it was answered at, its status, headers and HTML. */
export async function pageOf(path: string, response: Response): Promise<LoadedPage> {
  const html = await response.text();
  const document = new window.DOMParser().parseFromString(html, "text/html") as unknown as Document;
  return { path, status: response.status, headers: response.headers, html, document, screen: within(document.body) };
}

/** The target of a link or form on a loaded page, as a path to load next. */
export function hrefOf(element: Element): string {
  const href = element.getAttribute("href");
  if (href === null) throw new Error(`${element.outerHTML.slice(0, 120)} has no href`);
  return href;
}

/** The page's `<meta name=…>` or `<meta property=…>` content, or null. */
export function metaContent(document: Document, key: string): string | null {
  return document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute("content") ?? null;
}

/** Who asks: a search engine over the in-process API, a person's browser without JavaScript, and the over-HTTP server. */
export const VISITORS = {
  crawler: { server: "inProcess", userAgent: CRAWLER_USER_AGENT },
  withoutJavaScript: { server: "inProcess", userAgent: PERSON_USER_AGENT },
  overHttp: { server: "overHttp", userAgent: PERSON_USER_AGENT },
} as const satisfies Record<string, Visitor>;

type VisitorName = keyof typeof VISITORS;

const VISITOR_LABELS: Record<VisitorName, string> = {
  crawler: "a search engine",
  withoutJavaScript: "a browser without JavaScript",
  overHttp: "the over-HTTP server",
};

/** `[label, visitor]` pairs for `describe.each`: the same checks for each of the named visitors. */
export function visitors(...names: VisitorName[]): [string, Visitor & { server: PageServer }][] {
  return names.map((name) => [VISITOR_LABELS[name], VISITORS[name]]);
}

/** The site's API proxy as the demo-release lookups read it. */
export function demoApi(server: PageServer = "inProcess"): DemoApi {
  return {
    origin: siteUrl(server),
    getJson: async (path) => {
      const response = await request(path, { server });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return response.json();
    },
  };
}

/** An element's text with runs of white space collapsed, as Playwright's text assertions read it. */
export function textOf(element: Element | null | undefined): string {
  if (!element) throw new Error("no such element");
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}

/**
 * The fields a browser submits for `form` (HTML's form data set): named, enabled controls; checkboxes and radios
 * only when checked; a select's chosen options (its first when none is marked); the submitter's own name and value.
 * `check` ticks the given controls first, as a visitor would.
 */
export function formFields(form: HTMLFormElement, { check = [], submitter }: { check?: Element[]; submitter?: Element } = {}) {
  const fields = new URLSearchParams();
  const controls = [...form.querySelectorAll("input, select, textarea")];
  if (form.id) controls.push(...form.ownerDocument.querySelectorAll(`[form="${form.id}"]`));
  for (const control of controls) {
    const name = control.getAttribute("name");
    if (!name || control.hasAttribute("disabled") || control.closest("fieldset[disabled]")) continue;
    if (control.tagName === "SELECT") {
      const options = [...control.querySelectorAll("option")];
      const chosen = options.filter((option) => option.hasAttribute("selected"));
      for (const option of chosen.length > 0 || control.hasAttribute("multiple") ? chosen : options.slice(0, 1))
        fields.append(name, option.getAttribute("value") ?? textOf(option));
    } else if (control.tagName === "TEXTAREA") {
      fields.append(name, control.textContent ?? "");
    } else {
      const type = (control.getAttribute("type") ?? "text").toLowerCase();
      if (["submit", "button", "image", "reset", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !control.hasAttribute("checked") && !check.includes(control)) continue;
      fields.append(name, control.getAttribute("value") ?? (type === "checkbox" || type === "radio" ? "on" : ""));
    }
  }
  const submitterName = submitter?.getAttribute("name");
  if (submitter && submitterName) fields.append(submitterName, submitter.getAttribute("value") ?? "");
  return fields;
}

/** The address a GET form leads to with its fields (see `formFields`). */
export function formGetPath(page: LoadedPage, form: HTMLFormElement, options: Parameters<typeof formFields>[1] = {}): string {
  const action = new URL(form.getAttribute("action") ?? page.path, new URL(page.path, "http://site"));
  action.search = formFields(form, options).toString();
  return `${action.pathname}${action.search}`;
}
