// Health for the container's HEALTHCHECK and for test runners: the app answers, and so does its upstream.
// Under the production cluster it also says how many workers listen (one busy worker answers for all).
export { healthLoader as loader } from "~/.server/health.server";
