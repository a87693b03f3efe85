// Runs before every vitest file (vitest.config.ts `setupFiles`).
import { vi } from "vitest";
import type * as Passwords from "../../embedded-api/accounts/passwords";

// scrypt at the production cost (N = 16384) takes about 60 ms of CPU, and the suite signs in, registers and seeds
// demo accounts well over a hundred times: tests hash at N = 1024, which exercises the same code. The stored hash
// names its cost, so verification follows it; passwords.test.ts checks the production parameters (decision 0221).
vi.mock("../../embedded-api/accounts/passwords", async (importOriginal) => {
  const actual = await importOriginal<typeof Passwords>();
  return { ...actual, hashPassword: (password: string) => actual.hashPassword(password, 1024) };
});
