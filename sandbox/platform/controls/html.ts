/** Every value put into the sandbox's HTML pages goes through this: mail bodies are user-influenced. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
h1{font-size:1.5rem}.note{color:#555}.card{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0}
.meta{color:#555;font-size:.875rem}pre{white-space:pre-wrap;word-break:break-word;font-family:inherit}
a.button{display:inline-block;padding:.5rem 1rem;border-radius:6px;background:#0b5cad;color:#fff;text-decoration:none}
</style></head><body>${body}</body></html>`;
}
