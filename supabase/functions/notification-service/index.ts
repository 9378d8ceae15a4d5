import { platformFromEnv } from "../../../shared/platform.ts";
import { templates } from "../../../shared/notifications/templates.ts";
import { createApp } from "./app.ts";

const p = platformFromEnv();
// Handlebars loads on first use (shared/email/template_set.ts): asked for at boot, so a first push does not wait.
templates(p).load().catch(() => {}); // a failure surfaces on the first push, which loads again
Deno.serve(createApp(p).fetch);
