// A small user-agent reader for the session list: browser, platform, mobile or desktop.
export interface UserAgentInfo {
  browser: { name: string; version: string };
  device: { name: string; version: string; platform: string };
  isMobile: boolean;
}

const browsers: [string, RegExp][] = [
  ["Edge", /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ["Opera", /OPR\/([\d.]+)/],
  ["Яндекс Браузер", /YaBrowser\/([\d.]+)/],
  ["Firefox", /Firefox\/([\d.]+)/],
  ["Chrome", /Chrome\/([\d.]+)/],
  ["Safari", /Version\/([\d.]+).*Safari/],
];

const platforms: [string, RegExp][] = [
  ["Android", /Android ([\d.]+)/],
  ["iOS", /(?:iPhone|iPad).*OS ([\d_]+)/],
  ["Windows", /Windows NT ([\d.]+)/],
  ["macOS", /Mac OS X ([\d_]+)/],
  ["Linux", /Linux/],
];

export function readUserAgent(userAgent: string): UserAgentInfo {
  const browser = browsers.find(([, pattern]) => pattern.test(userAgent));
  const platform = platforms.find(([, pattern]) => pattern.test(userAgent));
  const isMobile = /Mobile|Android|iPhone|iPad/.test(userAgent);
  return {
    browser: {
      name: browser?.[0] ?? "Неизвестный браузер",
      version: (browser && browser[1].exec(userAgent)?.[1]) ?? "",
    },
    device: {
      name: isMobile ? "Смартфон" : platform ? "Компьютер" : "Неизвестное устройство",
      version: ((platform && platform[1].exec(userAgent)?.[1]) ?? "").replace(/_/g, "."),
      platform: platform?.[0] ?? "Неизвестно",
    },
    isMobile,
  };
}
