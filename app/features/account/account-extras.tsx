// The signed-in user's favorite ids and collection ids, streamed by the root loader after the first byte.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from "react";
import type { AccountExtras } from "~/domain/account";

const AccountExtrasContext = createContext<AccountExtras | null>(null);

export function AccountExtrasProvider({
  extras,
  children,
}: {
  extras: Promise<AccountExtras | null> | null | undefined;
  children: ReactNode;
}) {
  const [value, setValue] = useState<AccountExtras | null>(null);
  useEffect(() => {
    let current = true;
    // A transition: the new value reaches every part of the page, and one still hydrating (the lazy list toggles)
    // must wait for it rather than throw its server HTML away (React error #421).
    const show = (resolved: AccountExtras | null) => startTransition(() => setValue(resolved));
    if (!extras) {
      show(null);
      return;
    }
    extras.then(
      (resolved) => current && show(resolved),
      () => current && show(null),
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
