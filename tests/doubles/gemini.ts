// A local double of the Gemini REST API (POST /v1beta/models/{model}:generateContent), speaking its real
// wire format. Each call pops the next scripted answer (a string sent as the candidate's text, or an HTTP
// status to fail with); every request body is recorded for assertions.
import { serveApp, type Served } from "../support/http.ts";

export type Scripted = string | { status: number; body?: unknown };

export interface GeminiDouble extends Served {
  requests: { model: string; body: any }[];
  script(...answers: Scripted[]): void;
}

export function startGeminiDouble(): GeminiDouble {
  const queue: Scripted[] = [];
  const requests: { model: string; body: any }[] = [];
  const served = serveApp(async (req) => {
    const m = new URL(req.url).pathname.match(/\/models\/([^/:]+):generateContent$/);
    if (!m || req.method !== "POST") {
      return Response.json({ error: { code: 404, message: "Not found", status: "NOT_FOUND" } }, {
        status: 404,
      });
    }
    if (!req.headers.get("x-goog-api-key")) {
      return Response.json(
        { error: { code: 403, message: "API key missing", status: "PERMISSION_DENIED" } },
        { status: 403 },
      );
    }
    const body = await req.json();
    requests.push({ model: m[1], body });
    const next = queue.shift();
    if (next === undefined) {
      return Response.json({ error: { code: 500, message: "No scripted answer", status: "INTERNAL" } }, {
        status: 500,
      });
    }
    if (typeof next !== "string") {
      return Response.json(
        next.body ?? { error: { code: next.status, message: "scripted failure", status: "UNAVAILABLE" } },
        { status: next.status },
      );
    }
    return Response.json({
      candidates: [{ content: { role: "model", parts: [{ text: next }] }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 10, totalTokenCount: 20 },
      modelVersion: m[1],
    });
  });
  return Object.assign(served, { requests, script: (...a: Scripted[]) => void queue.push(...a) });
}
