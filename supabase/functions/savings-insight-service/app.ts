import { createServiceApp } from "../../../shared/http/app.ts";
import type { Platform } from "../../../shared/platform.ts";

export function createApp(p: Platform) {
  const app = createServiceApp(p, "savings-insight-service");
  return app;
}
