// The invisible reCAPTCHA (docs/product.md#ui, #calls, #constants): the script in explicit-render mode from Google's alternate
// domain, loaded once; a failed load resets to "not loaded" without a word to the user (docs/product.md#errors).

export const RECAPTCHA_SCRIPT_URL = "https://www.recaptcha.net/recaptcha/api.js?render=explicit";
/** docs/product.md#constants: how often to look for the script's API after it loaded. */
export const RECAPTCHA_POLL_MS = 25;
const RECAPTCHA_READY_TIMEOUT_MS = 10_000;

export type RecaptchaWidgetOptions = {
  sitekey: string;
  size: "invisible";
  badge: "bottomright" | "bottomleft" | "inline";
  callback: (token: string) => void;
  "error-callback"?: () => void;
  "expired-callback"?: () => void;
};

export type Grecaptcha = {
  render(container: HTMLElement, options: RecaptchaWidgetOptions): number;
  execute(widgetId: number): void;
  reset(widgetId: number): void;
};

type RecaptchaWindow = Window & { grecaptcha?: Partial<Grecaptcha> };

export type BotCheckState = "idle" | "loading" | "loaded";

let state: BotCheckState = "idle";
let pending: Promise<Grecaptcha> | null = null;

export function botCheckState(): BotCheckState {
  return state;
}

function readyApi(win: RecaptchaWindow): Grecaptcha | null {
  const api = win.grecaptcha;
  return api && typeof api.render === "function" && typeof api.execute === "function" && typeof api.reset === "function"
    ? (api as Grecaptcha)
    : null;
}

/** Loads the script once and resolves with its API; on failure resets so a later call tries again. */
export function loadRecaptcha(doc: Document = document): Promise<Grecaptcha> {
  if (pending) return pending;
  const win = doc.defaultView as RecaptchaWindow;
  const already = readyApi(win);
  if (already) {
    state = "loaded";
    return (pending = Promise.resolve(already));
  }
  state = "loading";
  pending = new Promise<Grecaptcha>((resolve, reject) => {
    const script = doc.createElement("script");
    script.src = RECAPTCHA_SCRIPT_URL;
    script.async = true;
    const fail = () => {
      script.remove();
      state = "idle";
      pending = null;
      reject(new Error("The bot-check script did not load"));
    };
    script.addEventListener("error", fail);
    script.addEventListener("load", () => {
      const started = Date.now();
      const poll = () => {
        const api = readyApi(win);
        if (api) {
          state = "loaded";
          resolve(api);
        } else if (Date.now() - started > RECAPTCHA_READY_TIMEOUT_MS) {
          fail();
        } else {
          win.setTimeout(poll, RECAPTCHA_POLL_MS);
        }
      };
      poll();
    });
    doc.head.append(script);
  });
  return pending;
}
