import { describe, expect, it, vi } from "vitest";
import { BUILD_VERSION_PATH } from "~/domain/build-version";
import { BUILD_CHECK_INTERVAL_MS, isNewerBuildDeployed, watchForNewBuild } from "./build-version";

const newerBuild = () => Response.json({ version: "v2" });
const sameBuild = () => Response.json({ version: "v1" });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("new build detection", () => {
  it("asks the server which build it runs and compares it with this page's", async () => {
    const fetcher = vi.fn(async () => newerBuild());
    await expect(isNewerBuildDeployed("v1", fetcher)).resolves.toBe(true);
    expect(fetcher).toHaveBeenCalledWith(BUILD_VERSION_PATH, { cache: "no-store", credentials: "omit" });
    await expect(isNewerBuildDeployed("v1", async () => sameBuild())).resolves.toBe(false);
  });

  it("takes anything but the server's own answer as no news", async () => {
    const answers = [
      () => Promise.reject(new TypeError("offline")),
      async () => new Response(null, { status: 204 }),
      async () => Response.json({ version: "v2" }, { status: 503 }),
      async () => new Response("<html>Bad gateway</html>", { headers: { "Content-Type": "text/html" } }),
      async () => Response.json(null),
      async () => Response.json({ version: 2 }),
      async () => Response.json({ version: "" }),
    ];
    for (const answer of answers) await expect(isNewerBuildDeployed("v1", answer)).resolves.toBe(false);
  });

  it("checks on a timer, when the page becomes visible and when the network returns, and then stays decided", async () => {
    const documentTarget = Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState });
    const windowTarget = new EventTarget();
    const timers: { callback: () => void; ms: number }[] = [];
    const fetcher = vi.fn(async () => sameBuild());
    const watch = watchForNewBuild({
      version: () => "v1",
      fetcher,
      document: documentTarget as unknown as Document,
      window: windowTarget as unknown as Window,
      setInterval: (callback, ms) => timers.push({ callback, ms }),
    });
    expect(timers.map((timer) => timer.ms)).toEqual([BUILD_CHECK_INTERVAL_MS]);

    documentTarget.dispatchEvent(new Event("visibilitychange"));
    await vi.waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    await settle();
    expect(watch.isNewer()).toBe(false);

    documentTarget.visibilityState = "hidden";
    timers[0]!.callback();
    expect(fetcher).toHaveBeenCalledTimes(1);

    documentTarget.visibilityState = "visible";
    fetcher.mockImplementation(async () => newerBuild());
    windowTarget.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(watch.isNewer()).toBe(true));
    await watch.check();
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
