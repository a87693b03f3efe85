// Answers for a caller in the same process that asked for the JSON value itself instead of its text: the web
// app's API client skips serialising, streaming and parsing what it would validate anyway (decision 0185).
const valuesByResponse = new WeakMap<Response, unknown>();

/** A bodiless response that carries `value`; only `jsonValueOf` can read it, so only ask for one in-process. */
export function jsonValueResponse(value: unknown, status: number, headers: Record<string, string>): Response {
  const response = new Response(null, { status, headers });
  valuesByResponse.set(response, value);
  return response;
}

/** The value an answer carries instead of a body; null when it has a body (errors, media, any other caller). */
export function jsonValueOf(response: Response): { value: unknown } | null {
  return valuesByResponse.has(response) ? { value: valuesByResponse.get(response) } : null;
}
