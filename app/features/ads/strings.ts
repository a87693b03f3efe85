// Strings of the video-ad pre-roll, shared by the player and the developer page.
export const adStrings = {
  adLabel: "Реклама",
  skip: "Пропустить рекламу",
  skipIn: (seconds: number) => `Пропуск через ${seconds} с`,
  learnMore: "Перейти к рекламодателю",
  loading: "Загружается реклама…",
  mute: "Выключить звук рекламы",
  unmute: "Включить звук рекламы",
  /** Said once when the ad starts, for screen readers: the countdown itself is not read out every second. */
  started: (skipAfter: number | null) =>
    skipAfter === null
      ? "Идёт реклама, после неё начнётся серия."
      : `Идёт реклама. Её можно будет пропустить через ${Math.ceil(skipAfter)} с.`,
  skippable: "Рекламу можно пропустить.",
} as const;
