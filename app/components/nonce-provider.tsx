import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The per-request CSP nonce on the server; an empty string in the browser, which hides nonces from scripts. */
export function useNonce(): string {
  return useContext(NonceContext);
}
