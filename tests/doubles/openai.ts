// A local double of an OpenAI-compatible chat-completions endpoint, speaking its real wire format:
// POST /v1/chat/completions (OpenAI, vLLM, Ollama; Authorization: Bearer) and
// POST /openai/deployments/{deployment}/chat/completions?api-version=... (Azure OpenAI; api-key header).
// Each call pops the next scripted answer (a string sent as the assistant message content, or an HTTP
// status to fail with); every request (path, headers, body) is recorded for assertions.
import { serveApp, type Served } from "../support/http.ts";

export type Scripted = string | { status: number; body?: unknown } | { refusal: string } | {
  truncated: string;
};

export interface OpenAIRequest {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: any;
}

export interface OpenAIDouble extends Served {
  requests: OpenAIRequest[];
  script(...answers: Scripted[]): void;
}

const error = (status: number, message: string, type: string) =>
  Response.json({ error: { message, type, param: null, code: null } }, { status });

export function startOpenAIDouble(opts: { requireKey?: string } = {}): OpenAIDouble {
  const queue: Scripted[] = [];
  const requests: OpenAIRequest[] = [];
  const served = serveApp(async (req) => {
    const url = new URL(req.url);
    const azure = url.pathname.match(/^\/openai\/deployments\/([^/]+)\/chat\/completions$/);
    if (req.method !== "POST" || !(azure || url.pathname === "/v1/chat/completions")) {
      return error(404, "Not found", "invalid_request_error");
    }
    if (azure && !url.searchParams.get("api-version")) {
      return error(404, "Resource not found (api-version missing)", "invalid_request_error");
    }
    const key = azure
      ? req.headers.get("api-key")
      : req.headers.get("authorization")?.replace(/^Bearer /, "");
    if (opts.requireKey !== undefined && key !== opts.requireKey) {
      return error(401, "Incorrect API key provided", "invalid_request_error");
    }
    const body = await req.json();
    requests.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: Object.fromEntries(req.headers),
      body,
    });
    if (!Array.isArray(body.messages) || !body.model && !azure) {
      return error(400, "'messages' and 'model' are required", "invalid_request_error");
    }
    const next = queue.shift();
    if (next === undefined) return error(500, "No scripted answer", "server_error");
    if (typeof next === "object" && "status" in next) {
      return Response.json(next.body ?? { error: { message: "scripted failure", type: "server_error" } }, {
        status: next.status,
      });
    }
    const content = typeof next === "string" ? next : "truncated" in next ? next.truncated : null;
    const message = {
      role: "assistant",
      content,
      refusal: typeof next === "object" && "refusal" in next ? next.refusal : null,
    };
    return Response.json({
      id: `chatcmpl-${crypto.randomUUID()}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: azure ? azure[1] : body.model,
      choices: [{
        index: 0,
        message,
        logprobs: null,
        finish_reason: typeof next === "object" && "truncated" in next ? "length" : "stop",
      }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    });
  });
  return Object.assign(served, { requests, script: (...a: Scripted[]) => void queue.push(...a) });
}
