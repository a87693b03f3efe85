// Fresh accounts and client addresses for the account checks, in the browser and at the request level alike.

export type TestAccount = { login: string; email: string; nickname: string; password: string };

let accounts = 0;

/** A login, e-mail and nickname no other check (or earlier run on the same database) uses. */
export function newAccount(): TestAccount {
  accounts += 1;
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}${accounts}${Math.random().toString(36).slice(2, 6)}`;
  return {
    login: `u_${suffix}`.slice(0, 32),
    email: `${suffix}@example.com`,
    nickname: `Зритель ${suffix}`.slice(0, 32),
    password: `pass-${suffix}`,
  };
}

/**
 * A private address of its own for one visitor (sent as X-Forwarded-For, which the test servers trust), so the
 * sign-in rate limit (ten submissions a minute per client, decision 0043) counts it alone.
 */
export function randomClientAddress(): string {
  const octet = () => Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet() + 1}`;
}
