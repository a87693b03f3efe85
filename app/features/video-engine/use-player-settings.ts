// The remembered player settings as React state: defaults on the server, the stored ones after hydration.
import { useCallback, useEffect, useState } from "react";
import { careOf, changesCare, playerCareCookie, withCareChange, withPlayerCareCookie } from "./player-care";
import { DEFAULT_SETTINGS, loadSettings, saveSettings, type PlayerSettings } from "./settings";

export function usePlayerSettings(): [PlayerSettings, (change: Partial<PlayerSettings>) => void, boolean] {
  const [settings, setSettings] = useState<PlayerSettings>(DEFAULT_SETTINGS);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setSettings(withPlayerCareCookie(loadSettings(), document.cookie));
    setLoaded(true);
  }, []);
  const update = useCallback((change: Partial<PlayerSettings>) => {
    setSettings((current) => {
      const next = withCareChange(current, change, Date.now());
      saveSettings(next);
      // The settings page's form without JavaScript shows the cookie: it follows what changed here.
      if (changesCare(change)) document.cookie = playerCareCookie(careOf(next));
      return next;
    });
  }, []);
  return [settings, update, loaded];
}
