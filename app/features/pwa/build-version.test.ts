import { describe, expect, it, vi } from "vitest";
import { BUILD_CHECK_INTERVAL_MS, buildCheckUrl, isNewerBuildDeployed, watchForNewBuild } from "./build-version";

const newerBuild = () => new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } });
const sameBuild = () => Response.json({});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("new build detection", () => {
  it("asks Remix's route discovery whether this page's build is still current", async () => {
    expect(buildCheckUrl("abc123")).toBe("/__manifest?p=%2F&version=abc123");
    const fetcher = vi.fn(async () => newerBuild());
    await expect(isNewerBuildDeployed("abc123", fetcher)).resolves.toBe(true);
    expect(fetcher).toHaveBeenCalledWith("/__manifest?p=%2F&version=abc123", { cache: "no-store", credentials: "omit" });
    await expect(isNewerBuildDeployed("abc123", async () => sameBuild())).resolves.toBe(false);
    await expect(isNewerBuildDeployed("abc123", async () => new Response(null, { status: 204 }))).resolves.toBe(false);
    await expect(isNewerBuildDeployed("abc123", async () => Promise.reject(new TypeError("offline")))).resolves.toBe(false);
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
