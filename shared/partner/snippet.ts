/**
 * The HTML a partner pastes into its page: the widget in an iframe, plus the embed script that sizes the
 * iframe to its content and relays the widget's events (ready, step, lead_created) to the page.
 */
export function embedSnippet(baseUrl: string, token: string): string {
  const base = baseUrl.replace(/\/$/, "");
  const src = `${base}/widget/?token=${encodeURIComponent(token)}`;
  return `<iframe src="${src}" width="100%" height="640" style="border:0;width:100%" title="Solar savings estimate" allow="camera" data-solar-widget></iframe>\n` +
    `<script src="${base}/widget/embed.js" async></script>`;
}
