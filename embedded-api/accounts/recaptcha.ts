// reCAPTCHA verification against Google's siteverify endpoint (used only when a secret is configured).
import type { RecaptchaVerifier } from "../http/context";

export function googleRecaptchaVerifier(secret: string): RecaptchaVerifier {
  return async (token, remoteIp) => {
    try {
      const response = await fetch("https://www.google.com/recaptcha/api/siteverify", {
        method: "POST",
        body: new URLSearchParams({ secret, response: token, remoteip: remoteIp }),
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) return false;
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
    } catch {
      return false;
    }
  };
}
