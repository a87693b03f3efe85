// The largest request bodies the server reads, by kind of route (docs/decisions/0101). The HTTP server refuses
// anything larger with 413 before a route sees it; routes may check tighter limits of their own.

/** Form posts: a few short fields, a bot-check token and a return address. */
export const MAX_FORM_BODY_BYTES = 32 * 1024;
/**
 * The two upload forms (avatar, data import). Their actions refuse a file over their own caps (2 MB, 1 MB) with
 * a message on the page, so the server's limit sits well above those caps.
 */
export const MAX_UPLOAD_BODY_BYTES = 8 * 1024 * 1024;
/** The same-origin API proxy and the embedded API: timecodes and list changes are a few KB. */
export const MAX_PROXY_BODY_BYTES = 64 * 1024;
