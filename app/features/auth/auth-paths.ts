// Addresses of the auth pages (shared by links, redirects and tests).
import type { SocialProvider } from "~/domain/account";

export const authPaths = {
  login: "/app/auth/login",
  logout: "/app/auth/logout",
  forgetPassword: "/app/auth/password/forgetPassword",
  resetPassword: "/app/auth/password/resetPassword",
  registration: "/app/auth/registration/newRegistration",
  verifyEmail: "/app/auth/registration/verifyEmail",
  linkDevice: "/app/auth/otp/linkDevice",
  socialCallback: "/app/auth/social/callback",
  socialStart: (provider: SocialProvider) => `/app/auth/social/${provider}`,
} as const;

/** `path?redirectTo=…`, or the bare path when the target is the home page. */
export function withRedirectTo(path: string, redirectTo: string): string {
  return redirectTo === "/" ? path : `${path}?${new URLSearchParams({ redirectTo })}`;
}
