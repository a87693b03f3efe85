// Starts a social login (a GET: the browser is sent to the provider's site).
export { loader } from "~/features/auth/social-start.server";
