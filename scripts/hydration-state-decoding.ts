import type { Plugin } from "vite";
import { clientModuleRewrite } from "./client-module-rewrite";

const REMIX_BROWSER = /@remix-run\/react\/dist\/esm\/browser\.js$/;

// What RemixBrowser's first render does when no decoding has started; the export below must stay its twin.
const REMIX_DECODING_START =
  /if \(!stateDecodingPromise\) \{\s*let stream = window\.__remixContext\.stream;[\s\S]*?decodeViaTurboStream\(stream, window\)\.then\(value => \{\s*window\.__remixContext\.state = value\.value;\s*stateDecodingPromise\.value = true;\s*\}\)\.catch\(e => \{\s*stateDecodingPromise\.error = e;\s*\}\);/;

// Plain JavaScript, appended to Remix's own module.
const START_STATE_DECODING = `
export function startStateDecoding() {
  if (!stateDecodingPromise && window.__remixContext.future.v3_singleFetch && window.__remixContext.stream) {
    let stream = window.__remixContext.stream;
    window.__remixContext.stream = undefined;
    stateDecodingPromise = decodeViaTurboStream(stream, window).then(value => {
      window.__remixContext.state = value.value;
      stateDecodingPromise.value = true;
    }).catch(e => {
      stateDecodingPromise.error = e;
    });
  }
  return stateDecodingPromise;
}
`;

/**
 * RemixBrowser decodes the page's loader data in its first render, in the same task as creating the router and the
 * first slice of hydration, then suspends until the data is there. The browser's copy of its module also exports
 * `startStateDecoding`, which starts that decoding, so a page can decode in a task of its own before hydrating; the
 * first render then finds the decoding done (docs/decisions/0245).
 */
export function exportStateDecodingStart(source: string): string {
  if (!REMIX_DECODING_START.test(source)) {
    throw new Error("hydration-state-decoding: Remix's RemixBrowser changed how it decodes its state; review docs/decisions/0245");
  }
  return source + START_STATE_DECODING;
}

export function hydrationStateDecoding(): Plugin {
  return clientModuleRewrite("hydration-state-decoding", REMIX_BROWSER, exportStateDecodingStart);
}
