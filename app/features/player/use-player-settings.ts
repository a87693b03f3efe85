// The remembered player settings as React state: defaults on the server, the stored ones after hydration.
import { useCallback, useEffect, useState } from "react";
import { DEFAULT_SETTINGS, loadSettings, saveSettings, type PlayerSettings } from "./settings";

export function usePlayerSettings(): [PlayerSettings, (change: Partial<PlayerSettings>) => void, boolean] {
  const [settings, setSettings] = useState<PlayerSettings>(DEFAULT_SETTINGS);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    setSettings(loadSettings());
    setLoaded(true);
  }, []);
  const update = useCallback((change: Partial<PlayerSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...change };
      saveSettings(next);
      return next;
    });
  }, []);
  return [settings, update, loaded];
}
