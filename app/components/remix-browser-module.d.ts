// The browser build's copy of Remix's RemixBrowser module, with the export its build adds
// (scripts/hydration-state-decoding.ts). Elsewhere (the development server, tests) the export is missing.
declare module "@remix-run/react/dist/esm/browser.js" {
  export const startStateDecoding: (() => Promise<void> | undefined) | undefined;
}
