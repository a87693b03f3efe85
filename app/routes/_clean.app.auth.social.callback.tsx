// Where the provider sends the browser back: asks the upstream whether the login finished
// (`authenticate?state=`). With JavaScript the page waits and asks again by itself; without it,
// a "continue" button asks again.
import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { authenticateSocial } from "~/.server/api/accounts";
import { isUpstreamError } from "~/.server/api/errors";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { logWarn } from "~/.server/log.server";
import { commitSessionToken } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { AuthCard, FormAlert } from "~/features/auth/auth-card";
import { authPaths, withRedirectTo } from "~/features/auth/auth-paths";
import { clearSocialState, readSocialState, SocialCallbackQuerySchema } from "~/features/auth/social-login.server";
import { SocialWaiting } from "~/features/auth/social-waiting";
import { authStrings, socialProviderNames } from "~/features/auth/strings";
import { pageMeta } from "~/features/seo/page-meta";

const text = authStrings.social;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, noindex: true });

export const headers: HeadersFunction = () => ({ "Cache-Control": NO_STORE_CACHE_CONTROL, "Referrer-Policy": "same-origin" });

async function backToLogin(message: string, redirectTo = "/", extraCookie?: string): Promise<Response> {
  const headers = new Headers({ "Cache-Control": NO_STORE_CACHE_CONTROL });
  headers.append("Set-Cookie", await clearSocialState());
  if (extraCookie) headers.append("Set-Cookie", extraCookie);
  return redirectWithToast(withRedirectTo(authPaths.login, redirectTo), { kind: "error", message }, { headers });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const query = SocialCallbackQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const saved = await readSocialState(request);
  // No state of ours, or a state this browser did not start: never sign in with it.
  if (!saved || (query.state !== undefined && query.state !== saved.state)) throw await backToLogin(text.expired);
  if (query.error) throw await backToLogin(text.cancelled, saved.redirectTo);

  let token: string | null;
  try {
    token = await authenticateSocial(request, saved.state);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logWarn("social login: authenticate failed", { provider: saved.provider, kind: error.kind, status: error.status });
    throw await backToLogin(text.unavailable(socialProviderNames[saved.provider]), saved.redirectTo);
  }
  if (token) {
    const headers = new Headers({ "Cache-Control": NO_STORE_CACHE_CONTROL });
    headers.append("Set-Cookie", commitSessionToken(token));
    headers.append("Set-Cookie", await clearSocialState());
    throw await redirectWithToast(saved.redirectTo, { kind: "success", message: text.success }, { headers });
  }
  return data({
    providerName: socialProviderNames[saved.provider],
    state: saved.state,
    attempt: query.attempt ?? 0,
    restartPath: withRedirectTo(authPaths.login, saved.redirectTo),
  });
}

export default function SocialCallbackPage() {
  const { providerName, state, attempt, restartPath } = useLoaderData<typeof loader>();
  return (
    <AuthCard title={text.title}>
      <SocialWaiting providerName={providerName} />
      {attempt > 0 ? <FormAlert tone="info" message={text.stillWaiting} /> : null}
      <Form method="get" action={authPaths.socialCallback} className="mt-4" reloadDocument>
        <input type="hidden" name="state" value={state} />
        <input type="hidden" name="attempt" value={attempt + 1} />
        <button type="submit" className="h-11 w-full rounded-md bg-[#D32F2F] px-4 font-semibold text-white hover:opacity-90">
          {text.continue}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to={restartPath} className="underline underline-offset-2">
          {text.restart}
        </Link>
      </p>
    </AuthCard>
  );
}
