// Where the provider sends the browser back after a link.
export { finishLinkLoader as loader } from "~/features/settings/social-linking.server";
