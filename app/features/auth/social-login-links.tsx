import { SOCIAL_PROVIDERS, type SocialProvider } from "~/domain/account";
import { authPaths, withRedirectTo } from "./auth-paths";
import { authStrings, socialProviderNames } from "./strings";

/** Each provider's mark: its brand colour and letters, drawn inline (no image requests, nothing to keep in sync). */
const providerMarks: Record<SocialProvider, { colour: string; letters: string }> = {
  vk: { colour: "#0077FF", letters: "VK" },
  google: { colour: "#4285F4", letters: "G" },
  discord: { colour: "#5865F2", letters: "D" },
  patreon: { colour: "#FF424D", letters: "P" },
};

function ProviderMark({ provider }: { provider: SocialProvider }) {
  const mark = providerMarks[provider];
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5 shrink-0">
      <rect width="24" height="24" rx="6" fill={mark.colour} />
      <text
        x="12"
        y="16.5"
        textAnchor="middle"
        fontSize={mark.letters.length > 1 ? 10 : 13}
        fontWeight="700"
        fontFamily="sans-serif"
        fill="#fff"
      >
        {mark.letters}
      </text>
    </svg>
  );
}

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
              className="flex h-10 items-center justify-center gap-2 rounded-md border border-line bg-surface-raised px-3 text-sm font-medium hover:border-secondary"
            >
              <ProviderMark provider={provider} />
              {socialProviderNames[provider]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
