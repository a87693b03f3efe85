// The signed-in user's favorite ids, collection ids and timecodes, streamed by the root loader after the first byte.
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { AccountExtras } from "~/domain/account";

const AccountExtrasContext = createContext<AccountExtras | null>(null);

export function AccountExtrasProvider({ extras, children }: { extras: Promise<AccountExtras | null> | null | undefined; children: ReactNode }) {
  const [value, setValue] = useState<AccountExtras | null>(null);
  useEffect(() => {
    let current = true;
    if (!extras) {
      setValue(null);
      return;
    }
    extras.then(
      (resolved) => current && setValue(resolved),
      () => current && setValue(null),
    );
    return () => {
      current = false;
    };
  }, [extras]);
  return <AccountExtrasContext.Provider value={value}>{children}</AccountExtrasContext.Provider>;
}

/** Null for visitors and until the extras arrive. */
export function useAccountExtras(): AccountExtras | null {
  return useContext(AccountExtrasContext);
}
