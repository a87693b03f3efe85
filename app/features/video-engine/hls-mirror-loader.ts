// hls.js's loader wrapped so that a playlist or segment that fails on one media host is loaded from the next
// before hls.js hears of any error (decision 0213). Later files start at the host that worked last.
import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from "hls.js";
import { mirrorIndexOf, mirrorOrder, onMirror } from "./media-mirrors";

type LoaderClass = new (config: HlsConfig) => Loader<LoaderContext>;

/** Shared by every loader of one engine: the host the last successful file came from. */
export type MirrorPreference = { index: number };

export function mirrorLoader(Base: LoaderClass, mirrors: readonly string[], preference: MirrorPreference): LoaderClass {
  return class MirrorLoader implements Loader<LoaderContext> {
    private inner: Loader<LoaderContext>;
    private destroyed = false;

    constructor(private readonly hlsConfig: HlsConfig) {
      this.inner = new Base(hlsConfig);
    }

    get context(): LoaderContext | null {
      return this.inner.context;
    }

    get stats(): LoaderStats {
      return this.inner.stats;
    }

    getCacheAge = (): number | null => this.inner.getCacheAge?.() ?? null;
    getResponseHeader = (name: string): string | null => this.inner.getResponseHeader?.(name) ?? null;

    abort(): void {
      this.inner.abort();
    }

    destroy(): void {
      this.destroyed = true;
      this.inner.destroy();
    }

    load(context: LoaderContext, config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>): void {
      if (mirrorIndexOf(context.url, mirrors) < 0) return this.inner.load(context, config, callbacks);
      this.loadFrom(mirrorOrder(preference.index, mirrors.length), context, config, callbacks);
    }

    /** A loader loads once: each further host gets a fresh one. */
    private loadFrom(
      order: number[],
      context: LoaderContext,
      config: LoaderConfiguration,
      callbacks: LoaderCallbacks<LoaderContext>,
    ): void {
      const [index, ...rest] = order as [number, ...number[]];
      context.url = onMirror(context.url, mirrors, index);
      const tryNext = () => {
        if (rest.length === 0 || this.destroyed) return false;
        this.inner.destroy();
        this.inner = new Base(this.hlsConfig);
        this.loadFrom(rest, context, config, callbacks);
        return true;
      };
      this.inner.load(context, config, {
        ...callbacks,
        onSuccess: (response, stats, loadedContext, networkDetails) => {
          preference.index = index;
          callbacks.onSuccess(response, stats, loadedContext, networkDetails);
        },
        onError: (error, failedContext, networkDetails, stats) => {
          if (!tryNext()) callbacks.onError(error, failedContext, networkDetails, stats);
        },
        onTimeout: (stats, failedContext, networkDetails) => {
          if (!tryNext()) callbacks.onTimeout(stats, failedContext, networkDetails);
        },
      });
    }
  };
}
