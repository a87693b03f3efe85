// Sign-in flows: password sign-in and sign-out, registration and its e-mail confirmation, password
// recovery, social sign-in and device linking.
import { z } from "zod/v4";
import type { PasswordResetInput, RegistrationInput, SocialProvider } from "~/domain/account";
import type { ApiContext } from "./context";
import { UpstreamNotFoundError } from "./errors";
import { requestJson } from "./request";
import { IgnoredBodySchema } from "./schemas";

const TokenSchema = z.object({ token: z.string().min(1) }).passthrough();
const OptionalTokenSchema = z
  .object({ token: z.string().nullish() })
  .passthrough()
  .nullish()
  .transform((answer) => answer?.token || null);

/** The upstream token for these credentials; bad credentials → `UpstreamUnauthorizedError`. */
export async function login(context: ApiContext, credentials: { login: string; password: string }): Promise<string> {
  const answer = await requestJson(context, { method: "POST", path: "/accounts/users/auth/login", body: credentials }, TokenSchema);
  return answer.token;
}

export async function logout(context: ApiContext): Promise<void> {
  await requestJson(context, { method: "POST", path: "/accounts/users/auth/logout" }, IgnoredBodySchema);
}

export async function register(context: ApiContext, input: RegistrationInput): Promise<void> {
  const body = {
    login: input.login,
    email: input.email,
    nickname: input.nickname,
    password: input.password,
    password_confirmation: input.passwordConfirmation,
    recaptcha_token: input.recaptchaToken,
  };
  await requestJson(context, { method: "POST", path: "/accounts/users/auth/registration/new", body }, IgnoredBodySchema);
}

/** Confirms the e-mail; some servers sign the user in at once and answer a token. */
export function verifyRegistration(context: ApiContext, token: string): Promise<string | null> {
  return requestJson(context, { method: "POST", path: "/accounts/users/auth/registration/verify", body: { token } }, OptionalTokenSchema);
}

export async function forgetPassword(context: ApiContext, email: string): Promise<void> {
  await requestJson(context, { method: "POST", path: "/accounts/users/auth/password/forget", body: { email } }, IgnoredBodySchema);
}

export async function resetPassword(context: ApiContext, input: PasswordResetInput): Promise<void> {
  const body = { token: input.token, password: input.password, password_confirmation: input.passwordConfirmation };
  await requestJson(context, { method: "POST", path: "/accounts/users/auth/password/reset", body }, IgnoredBodySchema);
}

/** A provider round trip's start: where to send the user, and the state to finish it with. */
export const SocialConsentSchema = z.object({ url: z.string().url(), state: z.string().min(1) }).passthrough();

/** Where to send the user for OAuth, and the state to poll with. `host` is where the provider returns to. */
export async function getSocialLogin(
  context: ApiContext,
  provider: SocialProvider,
  host?: string,
): Promise<{ url: string; state: string }> {
  const answer = await requestJson(
    context,
    { path: `/accounts/users/auth/social/${encodeURIComponent(provider)}/login`, query: { host } },
    SocialConsentSchema,
  );
  return { url: answer.url, state: answer.state };
}

/** The token once the user finished OAuth, null while still pending (the upstream answers 404). */
export async function authenticateSocial(context: ApiContext, state: string): Promise<string | null> {
  try {
    const answer = await requestJson(context, { path: "/accounts/users/auth/social/authenticate", query: { state } }, TokenSchema);
    return answer.token;
  } catch (error) {
    if (error instanceof UpstreamNotFoundError) return null;
    throw error;
  }
}

/** Links a device: the signed-in user enters the 6-digit code the device shows. */
export async function acceptOtp(context: ApiContext, code: number): Promise<void> {
  await requestJson(context, { method: "POST", path: "/accounts/otp/accept", body: { code } }, IgnoredBodySchema);
}
