// The state of a social-account link between its start and the callback, in its own signed cookie: the
// callback only finishes a link this browser started (a crafted callback cannot plant someone's account).
import { z } from "zod";
import { SocialProviderSchema, socialStateCookie } from "~/features/auth/social-login.server";

const LinkStateSchema = z.object({ state: z.string().min(1).max(256), provider: SocialProviderSchema });
export type SocialLinkState = z.infer<typeof LinkStateSchema>;

export const SOCIAL_LINK_COOKIE = "social_link";

let cachedCookie: ReturnType<typeof socialStateCookie> | undefined;
const linkCookie = () => (cachedCookie ??= socialStateCookie(SOCIAL_LINK_COOKIE, "/app/settings/socials"));

export const commitLinkState = (value: SocialLinkState): Promise<string> => linkCookie().serialize(value);
export const clearLinkState = (): Promise<string> => linkCookie().serialize("", { maxAge: 0, expires: new Date(0) });

export async function readLinkState(request: Request): Promise<SocialLinkState | null> {
  try {
    const parsed = LinkStateSchema.safeParse(await linkCookie().parse(request.headers.get("Cookie")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
