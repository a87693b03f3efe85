// A build plugin's hooks run as Vite runs them for one build, for the plugins' unit tests.
import type { Plugin } from "vite";

type Hook = (...args: unknown[]) => unknown;

/** Runs one build through the plugin's hooks: the modules it is handed, then the build's end. */
export function runBuild(plugin: Plugin, build: { ssr: boolean; modules: Record<string, string> }) {
  const call = (hook: unknown, ...args: unknown[]) => (hook as Hook).call({}, ...args);
  call(plugin.configResolved, { build: { ssr: build.ssr } });
  const output: Record<string, unknown> = {};
  for (const [id, source] of Object.entries(build.modules)) output[id] = call(plugin.transform, source, id, { ssr: build.ssr });
  return { output, end: (error?: Error) => call(plugin.buildEnd, error) };
}
