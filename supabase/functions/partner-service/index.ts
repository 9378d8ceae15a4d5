import { platformFromEnv } from "../../../shared/platform.ts";
import { createApp } from "./app.ts";

Deno.serve(createApp(platformFromEnv()).fetch);
