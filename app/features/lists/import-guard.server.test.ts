import { describe, expect, it } from "vitest";
import { createRateLimiter } from "~/.server/security/rate-limit.server";
import { createImportGuard, IMPORT_RATE_LIMIT, importGuardStrings } from "./import-guard.server";

const memoryLimiter = () => createRateLimiter({ ...IMPORT_RATE_LIMIT, name: `data-import-test-${Math.random()}` }, () => null);

describe("the import guard", () => {
  it("lets one import per account run at a time, others' alongside", async () => {
    const guard = createImportGuard(memoryLimiter());
    const first = await guard.claim(7);
    expect(first.granted).toBe(true);
    expect(await guard.claim(7)).toEqual({ granted: false, reason: "busy", message: importGuardStrings.busy });
    expect((await guard.claim(8)).granted).toBe(true);
    if (first.granted) first.release();
    expect((await guard.claim(7)).granted).toBe(true);
  });

  it("holds the account while the limiter is asked, so two uploads at once cannot both start", async () => {
    const guard = createImportGuard(memoryLimiter());
    const [one, other] = await Promise.all([guard.claim(3), guard.claim(3)]);
    expect([one.granted, other.granted].sort()).toEqual([false, true]);
  });

  it("counts imports per account and says when the next one may start", async () => {
    const guard = createImportGuard(memoryLimiter());
    for (let index = 0; index < IMPORT_RATE_LIMIT.limit; index += 1) {
      const claim = await guard.claim(5);
      expect(claim.granted).toBe(true);
      if (claim.granted) claim.release();
    }
    const refused = await guard.claim(5);
    expect(refused).toEqual({
      granted: false,
      reason: "rate-limited",
      message: expect.stringMatching(/^Слишком много импортов: не больше 5 за 10 минут\. Попробуйте снова через 10 минут\.$/),
      retryAfterSeconds: 600,
    });
    expect(guard.running()).toBe(0);
    expect((await guard.claim(6)).granted).toBe(true);
  });
});
