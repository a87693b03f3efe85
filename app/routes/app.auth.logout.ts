// Sign-out (POST only, from the header's form).
export { action, loader } from "~/features/auth/logout.server";
