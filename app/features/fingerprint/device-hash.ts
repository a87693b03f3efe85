// The device fingerprint of docs/product.md#ui and #calls: a SHA-256 over signals that stay the same between visits of one browser.

const SEPARATOR = "\u241f";

type Environment = { navigator: Navigator; screen: Screen; devicePixelRatio: number; document: Document };

function canvasSignal(document: Document): string {
  try {
    const canvas = document.createElement("canvas");
    canvas.width = 220;
    canvas.height = 30;
    const context = canvas.getContext("2d");
    if (!context) return "";
    context.textBaseline = "top";
    context.font = "14px 'Arial'";
    context.fillStyle = "#f60";
    context.fillRect(120, 1, 60, 20);
    context.fillStyle = "#069";
    context.fillText("АниЛибрия, 0123 ✓", 2, 15);
    return canvas.toDataURL();
  } catch {
    return "";
  }
}

function webglSignal(document: Document): string {
  try {
    const gl = document.createElement("canvas").getContext("webgl");
    if (!gl) return "";
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    const vendor = info ? gl.getParameter(info.UNMASKED_VENDOR_WEBGL) : gl.getParameter(gl.VENDOR);
    const renderer = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return `${String(vendor)}/${String(renderer)}`;
  } catch {
    return "";
  }
}

/** The signals, in a fixed order; a missing one is an empty string so the others keep their places. */
export async function deviceSignals({ navigator, screen, devicePixelRatio, document }: Environment): Promise<string[]> {
  const memory = (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
  // The drawings and the time zone (the first Intl object loads ICU's data) each run in a task of their own:
  // together they block a slow phone's main thread for one long task.
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  const canvas = canvasSignal(document);
  await nextTask();
  const webgl = webglSignal(document);
  await nextTask();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  return [
    navigator.userAgent,
    navigator.languages?.join(",") ?? navigator.language,
    navigator.platform,
    `${screen.width}x${screen.height}x${screen.colorDepth}@${devicePixelRatio}`,
    timeZone,
    String(new Date(2024, 0, 1).getTimezoneOffset()),
    String(navigator.hardwareConcurrency ?? ""),
    String(memory ?? ""),
    String(navigator.maxTouchPoints ?? ""),
    canvas,
    webgl,
  ];
}

export async function sha256Hex(text: string, subtle: SubtleCrypto): Promise<string> {
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export async function deviceHash(signals: readonly string[], subtle: SubtleCrypto): Promise<string> {
  return sha256Hex(signals.join(SEPARATOR), subtle);
}
