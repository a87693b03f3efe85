// Tiny HTML helpers for the development pages.
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] as string);

/** `formTargets`: origins a form may end up at (browsers apply form-action to the redirect after a POST too). */
export function htmlPage(title: string, body: string, status = 200, formTargets: string[] = []): Response {
  const html = `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 760px; padding: 24px; color: #1c1c1c; background: #fafafa; }
  h1 { font-size: 1.5rem; }
  .card { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 16px; margin: 12px 0; }
  .muted { color: #666; font-size: .875rem; }
  pre { white-space: pre-wrap; word-break: break-word; font: inherit; }
  button, input { font: inherit; padding: 8px 16px; border-radius: 6px; }
  button { border: 0; cursor: pointer; }
  .allow { background: #2e7d32; color: #fff; }
  .deny { background: #e0e0e0; }
  label { display: block; margin: 12px 0; }
  input[type=text] { width: 100%; box-sizing: border-box; border: 1px solid #bbb; }
</style>
</head>
<body>
${body}
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy":
        `default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; media-src 'self'; ` +
        `form-action ${["'self'", ...formTargets].join(" ")}`,
    },
  });
}
