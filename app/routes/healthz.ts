// Health for the container's HEALTHCHECK and for test runners: the app answers, and so does its upstream.
export { healthLoader as loader } from "~/.server/health.server";
