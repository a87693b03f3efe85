function nextTask(): Promise<void> {
  // Not a timer: a page opened in a background tab runs its timers at most once a second.
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * A page's first use of each of its storages waits on the browser process, 8–20 ms while the page is loading: React
 * Router reads sessionStorage as it builds its router, and the page's effects read localStorage as they hydrate.
 */
function openStorage(name: "sessionStorage" | "localStorage"): void {
  try {
    void window[name].length;
  } catch {
    // Storage refused (private modes, policies): its readers cope.
  }
}

/**
 * Hydrates in tasks of their own what would otherwise be one long task (docs/decisions/0239): the modules' evaluation;
 * opening the page's storages; then hydration itself.
 */
export async function hydrateInSteps(hydrate: () => void): Promise<void> {
  await nextTask();
  openStorage("sessionStorage");
  await nextTask();
  openStorage("localStorage");
  await nextTask();
  hydrate();
}
