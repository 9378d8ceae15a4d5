// One JSON object per line on stdout/stderr, so logs can be read by people and machines alike.
export type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

let threshold: number = order[(Deno.env.get("LOG_LEVEL") as Level) ?? "info"] ?? 20;

export function setLogLevel(level: Level) {
  threshold = order[level] ?? 20;
}

export function log(level: Level, msg: string, fields: Record<string, unknown> = {}) {
  if (order[level] < threshold) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  if (level === "error" || level === "warn") console.error(line);
  else console.log(line);
}

export const logger = {
  debug: (m: string, f?: Record<string, unknown>) => log("debug", m, f),
  info: (m: string, f?: Record<string, unknown>) => log("info", m, f),
  warn: (m: string, f?: Record<string, unknown>) => log("warn", m, f),
  error: (m: string, f?: Record<string, unknown>) => log("error", m, f),
};

/** Error text safe for logs and bodies: message only, never a stack. */
export function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}
