// Starts linking a social account (a GET: the browser is sent to the provider's consent page).
export { startLinkLoader as loader } from "~/features/settings/social-linking.server";
