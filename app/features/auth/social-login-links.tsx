import { SOCIAL_PROVIDERS } from "~/domain/account";
import { authPaths, withRedirectTo } from "./auth-paths";
import { authStrings, socialProviderNames } from "./strings";

/**
 * Plain links, not a form: the start page answers with a redirect to the provider, which the CSP's
 * `form-action 'self'` would block after a POST. They also skip client routing (it is a document redirect).
 */
export function SocialLoginLinks({ redirectTo }: { redirectTo: string }) {
  return (
    <div className="mt-8 border-t border-line pt-6">
      <h2 className="text-sm font-medium text-muted">{authStrings.login.social}</h2>
      <ul className="mt-3 grid grid-cols-2 gap-2">
        {SOCIAL_PROVIDERS.map((provider) => (
          <li key={provider}>
            <a
              href={withRedirectTo(authPaths.socialStart(provider), redirectTo)}
              aria-label={authStrings.login.socialVia(socialProviderNames[provider])}
              className="flex h-10 items-center justify-center rounded-md border border-line bg-surface-raised px-3 text-sm font-medium hover:border-secondary"
            >
              {socialProviderNames[provider]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
