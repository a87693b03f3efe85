// E-mail confirmation: the link from the mail opens this page, and a button sends the token. A GET never
// confirms anything, so mail scanners that open links cannot use the token up.
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { verifyRegistration } from "~/.server/api/accounts";
import { commitSessionToken } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { limitAuthRequest, readAuthForm, upstreamFailure } from "~/features/auth/auth-action.server";
import { AuthCard, FormAlert } from "~/features/auth/auth-card";
import { AuthForm } from "~/features/auth/auth-form";
import { emailLinkHeaders, emailLinkLoader } from "~/features/auth/email-link.server";
import { authPaths } from "~/features/auth/auth-paths";
import { VerifyEmailFormSchema } from "~/features/auth/auth-schemas";
import { authStrings } from "~/features/auth/strings";
import { pageMeta } from "~/features/seo/page-meta";

const text = authStrings.verify;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

export const headers = emailLinkHeaders;
export const loader = emailLinkLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const limited = limitAuthRequest(context);
  if (limited) return limited;
  const form = await readAuthForm(request, VerifyEmailFormSchema);
  if (!form.ok) return form.response;
  let token: string | null;
  try {
    token = await verifyRegistration(request, form.data.token);
  } catch (error) {
    return upstreamFailure(error, form.values, { notFound: text.invalidToken });
  }
  // Some servers sign the user in at once; the embedded API asks them to sign in.
  if (token) return redirectWithToast("/", { kind: "success", message: text.verifiedSignedIn }, { headers: { "Set-Cookie": commitSessionToken(token) } });
  return redirectWithToast(authPaths.login, { kind: "success", message: text.verified });
}

export default function VerifyEmailPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!token) {
    return (
      <AuthCard title={text.title}>
        <FormAlert message={text.missingToken} />
        <p className="text-sm">
          <Link to={authPaths.registration} className="underline underline-offset-2">
            {authStrings.registration.title}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={text.title}>
      <p className="mb-6">{text.intro}</p>
      <AuthForm form="verifyEmail" actionData={actionData} submitLabel={text.submit} pendingLabel={text.pending}>
        {() => <input type="hidden" name="token" value={token} />}
      </AuthForm>
    </AuthCard>
  );
}
