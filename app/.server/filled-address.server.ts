// A filter page's address with empty fields (what a GET form sends without JavaScript) is sent on to the same
// address without them (decision 0283).
import { redirect } from "@remix-run/node";
import { addressWithoutEmptyFields } from "~/domain/filled-query";

export function redirectToFilledAddress(request: Request): void {
  const filled = addressWithoutEmptyFields(new URL(request.url));
  if (filled !== null) throw redirect(filled);
}
