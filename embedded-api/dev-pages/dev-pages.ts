// Development pages under /embedded: the mailbox, the social consent stand-in and the external player stand-in.
// None of them may act for another person (decision 0250): the mailbox opens only to this machine, the consent
// stand-in signs a browser in only as the provider accounts it named first, the ad flags are the caller's own.
import { bearerTokenOf, type Services } from "../http/context";
import { findSession } from "../accounts/sessions";
import { latestMails } from "../accounts/outbox";
import {
  SOCIAL_PROVIDER_NAMES,
  awaitsConsent,
  cancelSocialLogin,
  confirmSocialLogin,
  isSocialProvider,
  pendingSocialLogin,
  socialCallbackUrl,
} from "../accounts/social-login";
import { storeOf } from "../resources/store-registry";
import { escapeHtml, htmlPage } from "./html";
import { isLoopbackAddress } from "../http/addresses";
import { claimProviderAccount, nearestClientAddress, standInBrowserOf } from "./caller";

const notFoundPage = (): Response =>
  htmlPage("Страница не найдена", "<h1>Страница не найдена</h1><p>Такой страницы нет или она отключена.</p>", 404);

/**
 * Every mail the API sent, reset links included: whoever reads it can take over the account. So only a caller on
 * this machine (loopback, as the site's TRUST_PROXY reads the address) may, never a visitor of a public demo.
 */
function mailbox(services: Services, request: Request): Response {
  if (!isLoopbackAddress(nearestClientAddress(request))) {
    return htmlPage(
      "Почтовый ящик недоступен",
      "<h1>Почтовый ящик недоступен</h1><p>Почтовый ящик разработчика открывается только с той машины, где работает сайт: в нём ссылки для входа в чужие аккаунты.</p>",
      403,
    );
  }
  const mails = latestMails(services.db);
  const items = mails
    .map((mail) => {
      const text = escapeHtml(mail.body_text).replace(
        escapeHtml(mail.link),
        `<a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a>`,
      );
      return `<article class="card">
  <div class="muted">${escapeHtml(
    `${new Date(mail.created_at).toLocaleString("ru-RU", { timeZone: "Europe/Moscow" })} МСК`,
  )} · кому: ${escapeHtml(mail.to_address)}</div>
  <h2>${escapeHtml(mail.subject)}</h2>
  <pre>${text}</pre>
  <p><a href="${escapeHtml(mail.link)}">Открыть ссылку из письма</a></p>
</article>`;
    })
    .join("\n");
  return htmlPage(
    "Почтовый ящик разработчика",
    `<h1>Почтовый ящик разработчика</h1>
<p class="muted">Письма, которые встроенный API «отправил» бы: подтверждение e-mail и сброс пароля. Новые сверху. Открывается только с этой машины; в production страница отключена.</p>
${items || '<p class="card">Писем пока нет. Зарегистрируйтесь или запросите сброс пароля.</p>'}`,
  );
}

function withCookie(response: Response, cookie: string | null): Response {
  if (cookie) response.headers.append("set-cookie", cookie);
  return response;
}

function redirectTo(location: string, cookie: string | null): Response {
  return withCookie(new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } }), cookie);
}

function consentPage(services: Services, provider: string, state: string, notice = "", status = 200): Response {
  if (!isSocialProvider(provider)) return notFoundPage();
  const pending = pendingSocialLogin(services.db, state, services.now());
  if (!pending || pending.provider !== provider || !awaitsConsent(pending)) {
    return htmlPage("Ссылка устарела", "<h1>Ссылка устарела</h1><p>Начните вход через социальную сеть заново.</p>", 404);
  }
  const name = SOCIAL_PROVIDER_NAMES[provider];
  const title = pending.purpose === "link" ? `Привязка ${name}` : `Вход через ${name}`;
  return htmlPage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<div class="card">
  <p>Это локальная страница-заменитель ${escapeHtml(
    name,
  )}: встроенный API работает без интернета, поэтому разрешение на вход выдаётся здесь.</p>
  <p>Сайт <strong>${escapeHtml(pending.host)}</strong> запрашивает доступ к вашему имени и аватару.</p>
  <p class="muted">Войти можно под новым именем или под тем, что уже называли в этом браузере: чужое имя не подойдёт.</p>
  ${notice ? `<p class="card" role="alert">${escapeHtml(notice)}</p>` : ""}
  <form method="post">
    <input type="hidden" name="state" value="${escapeHtml(state)}">
    <label>Имя аккаунта в ${escapeHtml(name)} (один и тот же аккаунт входит в одного и того же пользователя)
      <input type="text" name="identity" value="demo-${escapeHtml(provider)}-user" maxlength="64" required>
    </label>
    <button class="allow" type="submit" name="decision" value="allow">Разрешить</button>
    <button class="deny" type="submit" name="decision" value="deny">Отмена</button>
  </form>
</div>`,
    status,
    [pending.host],
  );
}

async function consentDecision(services: Services, provider: string, request: Request): Promise<Response> {
  if (!isSocialProvider(provider)) return notFoundPage();
  const form = new URLSearchParams(await request.text());
  const state = form.get("state") ?? "";
  const identity = (form.get("identity") ?? "").trim().slice(0, 64);
  const pending = pendingSocialLogin(services.db, state, services.now());
  if (!pending || pending.provider !== provider || !awaitsConsent(pending)) return consentPage(services, provider, state);
  if (form.get("decision") !== "allow") {
    cancelSocialLogin(services.db, state, services.now());
    return redirectTo(socialCallbackUrl(pending, state, "access_denied"), null);
  }
  if (identity === "") return consentPage(services, provider, state);
  const browser = standInBrowserOf(request);
  if (!claimProviderAccount(services.db, provider, identity, browser.id, services.now())) {
    const notice = `Аккаунт «${identity}» уже назвали в другом браузере. Выберите другое имя.`;
    return withCookie(consentPage(services, provider, state, notice, 403), browser.cookie);
  }
  confirmSocialLogin(services.db, state, identity, services.now());
  return redirectTo(socialCallbackUrl(pending, state), browser.cookie);
}

const AD_FLAGS = [
  ["is_with_video_ads", "Видеореклама"],
  ["is_with_video_ads_always", "Видеореклама перед каждой серией"],
  ["is_with_content_ads", "Рекламные блоки на страницах"],
] as const;

type AdFlagRow = { login: string; is_with_video_ads: number; is_with_video_ads_always: number; is_with_content_ads: number };

/** The signed-in account of the caller (the site passes its session's token on), or null. */
function signedInAccount(services: Services, request: Request): AdFlagRow | null {
  const token = bearerTokenOf(request);
  const session = token ? findSession(services.db, token, services.now()) : null;
  return session ? session.user : null;
}

/**
 * The ad flags of the signed-in account. Upstream they follow the account's status (donations, subscriptions),
 * which the embedded API does not model; this stand-in lets a demo or a test set its own account's flags.
 */
function adFlagsPage(account: AdFlagRow | null, notice = "", status = 200): Response {
  if (!account) {
    return htmlPage(
      "Рекламные флаги аккаунта",
      "<h1>Рекламные флаги аккаунта</h1><p>Войдите на сайт: здесь меняются флаги только вашего аккаунта.</p>",
      403,
    );
  }
  const boxes = AD_FLAGS.map(
    ([name, label]) =>
      `<label><input type="checkbox" name="${name}" value="1"${account[name] === 1 ? " checked" : ""}> ${escapeHtml(label)}</label>`,
  ).join("\n");
  return htmlPage(
    "Рекламные флаги аккаунта",
    `<h1>Рекламные флаги аккаунта</h1>
<p class="muted">Страница разработчика встроенного API: в настоящем API флаги зависят от статуса аккаунта. В production страница отключена.</p>
${notice ? `<p class="card" role="status">${escapeHtml(notice)}</p>` : ""}
<form method="post" class="card">
  <p>Аккаунт: <strong>${escapeHtml(account.login)}</strong></p>
  ${boxes}
  <button class="allow" type="submit">Сохранить</button>
</form>`,
    status,
  );
}

async function saveAdFlags(services: Services, request: Request): Promise<Response> {
  const account = signedInAccount(services, request);
  if (!account) return adFlagsPage(null);
  const form = new URLSearchParams(await request.text());
  const values = AD_FLAGS.map(([name]) => (form.get(name) === "1" ? 1 : 0));
  services.db
    .prepare("UPDATE users SET is_with_video_ads = ?, is_with_video_ads_always = ?, is_with_content_ads = ? WHERE login = ?")
    .run(...values, account.login);
  const [videoAds, videoAdsAlways, contentAds] = values as [number, number, number];
  return adFlagsPage(
    { login: account.login, is_with_video_ads: videoAds, is_with_video_ads_always: videoAdsAlways, is_with_content_ads: contentAds },
    "Флаги сохранены.",
  );
}

function externalPlayer(services: Services, origin: string, alias: string): Response {
  const store = storeOf(services.db);
  const release = store.findReleaseRow(alias);
  if (!release || !release.external_player) return notFoundPage();
  const episodes = (store.episodesOf([release.id]).get(release.id) ?? []).map((episode) => store.presentEpisode(episode, release, origin));
  const list = episodes
    .map(
      (episode) =>
        `<li>Серия ${escapeHtml(String(episode.ordinal))}${
          episode.name ? ` — ${escapeHtml(String(episode.name))}` : ""
        }${episode.hls_720 ? `: <a href="${escapeHtml(String(episode.hls_720))}">HLS 720p</a>` : ""}</li>`,
    )
    .join("\n");
  return htmlPage(
    `Внешний плеер — ${release.name_main}`,
    `<h1>${escapeHtml(release.name_main)}</h1>
<p class="muted">Демонстрационный внешний плеер: так выглядит релиз, который смотрят на стороннем сайте.</p>
<ol>${list || "<li>Серий пока нет.</li>"}</ol>`,
  );
}

/** `subPath` is the part after "/embedded". */
export async function handleDevPage(request: Request, services: Services, subPath: string): Promise<Response> {
  const url = new URL(request.url);
  if (subPath === "/mailbox" && request.method === "GET") {
    return services.production ? notFoundPage() : mailbox(services, request);
  }
  const oauth = /^\/oauth\/([a-z]+)$/.exec(subPath);
  if (oauth && !services.production) {
    const provider = oauth[1] as string;
    if (request.method === "GET")
      return withCookie(consentPage(services, provider, url.searchParams.get("state") ?? ""), standInBrowserOf(request).cookie);
    if (request.method === "POST") return consentDecision(services, provider, request);
  }
  if (subPath === "/ads/flags" && !services.production) {
    if (request.method === "GET") return adFlagsPage(signedInAccount(services, request));
    if (request.method === "POST") return saveAdFlags(services, request);
  }
  // The demo ad's tracking beacons (impression, quartiles, skip…): acknowledged, nothing is stored.
  if (subPath === "/ads/track" && request.method === "GET")
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  const player = /^\/player\/([a-z0-9-]+)$/.exec(subPath);
  if (player && request.method === "GET") return externalPlayer(services, url.origin, player[1] as string);
  return notFoundPage();
}
