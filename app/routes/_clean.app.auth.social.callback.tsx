// Where the provider sends the browser back: asks the upstream whether the login finished
// (`authenticate?state=`). With JavaScript the page waits and asks again by itself; without it,
// a "continue" button asks again.
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AuthCard, FormAlert } from "~/features/auth/auth-card";
import { authPaths } from "~/features/auth/auth-paths";
import { SocialWaiting } from "~/features/auth/social-waiting";
import { authStrings } from "~/features/auth/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import type { loader } from "~/features/auth/social-callback.server";

export { headers, loader } from "~/features/auth/social-callback.server";

const text = authStrings.social;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, noindex: true });

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
