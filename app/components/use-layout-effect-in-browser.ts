import { useEffect, useLayoutEffect } from "react";

// Layout effects do nothing on the server (React warns): there the plain effect, which does not run either.
export const useLayoutEffectInBrowser = typeof document === "undefined" ? useEffect : useLayoutEffect;
