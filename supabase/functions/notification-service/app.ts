import { createServiceApp } from "../../../shared/http/app.ts";
import type { Platform } from "../../../shared/platform.ts";

/** Private service: not behind the gateway rule; each endpoint has its own auth scheme (SPEC: Authentication 6). */
export function createApp(p: Platform) {
  const app = createServiceApp(p, "notification-service", { gatewayAuth: false });
  return app;
}
