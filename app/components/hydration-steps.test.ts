import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateInSteps } from "./hydration-steps";

afterEach(() => vi.unstubAllGlobals());

describe("hydrateInSteps", () => {
  it("hydrates in a later task than the modules' evaluation, after opening the storages", async () => {
    const steps: string[] = [];
    const storage = (name: string) => ({
      get length() {
        steps.push(name);
        return 0;
      },
    });
    vi.stubGlobal("window", {
      sessionStorage: storage("sessionStorage"),
      localStorage: storage("localStorage"),
    });
    const hydrated = hydrateInSteps(() => steps.push("hydrate"));
    await Promise.resolve();
    expect(steps).toEqual([]);
    await hydrated;
    expect(steps).toEqual(["sessionStorage", "localStorage", "hydrate"]);
  });

  it("hydrates where the page's storage is refused", async () => {
    vi.stubGlobal("window", {
      get sessionStorage(): Storage {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    const hydrate = vi.fn();
    await hydrateInSteps(hydrate);
    expect(hydrate).toHaveBeenCalledOnce();
  });
});
