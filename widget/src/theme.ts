// Partner colours from the configuration, with text colours chosen for contrast (WCAG luminance).
function luminance(hex: string): number {
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((
    v,
  ) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

const valid = (s: string | undefined): s is string => !!s && /^#[0-9a-fA-F]{6}$/.test(s);

export function applyTheme(theme: { primary?: string; accent?: string }) {
  const style = document.documentElement.style;
  if (valid(theme.primary)) {
    style.setProperty("--brand", theme.primary);
    style.setProperty("--on-brand", luminance(theme.primary) > 0.35 ? "#111" : "#fff");
  }
  if (valid(theme.accent)) style.setProperty("--accent", theme.accent);
}
