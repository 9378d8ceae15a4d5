// An OpenAI-compatible chat-completions client with JSON-schema structured output, over the shared JSON client:
// OpenAI, Azure OpenAI, and self-hosted servers that speak the same wire format (vLLM, Ollama, LM Studio).
// Its settings (OPENAI_* variables) are read by loadOpenAIConfig in ./config.ts.
import { z } from "zod";
import { HttpJsonClient } from "../runtime/http_json.ts";
import { loadOpenAIConfig, type OpenAIOptions } from "./config.ts";
import {
  parseStructured,
  type PromptPart,
  type StructuredClient,
  type StructuredRequest,
  type StructuredResult,
} from "./types.ts";

export { loadOpenAIConfig, OPENAI_DEFAULT_BASE_URL, type OpenAIOptions } from "./config.ts";

/** No environment: a client gets its settings from its caller (loadOpenAIConfig() reads them once). */
const NO_ENV = new Map<string, string>();

type ContentPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string } }
  | { type: "file"; file: { filename: string; file_data: string } };

/** Prompt parts as chat-completions content: images as data-URI image_url parts, PDFs as file parts. */
export function toContent(parts: PromptPart[]): ContentPart[] {
  let files = 0;
  return parts.map((p): ContentPart => {
    if ("text" in p) return { type: "text", text: p.text };
    const uri = `data:${p.inlineData.mimeType};base64,${p.inlineData.data}`;
    if (p.inlineData.mimeType.startsWith("image/")) return { type: "image_url", image_url: { url: uri } };
    files++;
    const ext = p.inlineData.mimeType === "application/pdf" ? "pdf" : "bin";
    return { type: "file", file: { filename: `document-${files}.${ext}`, file_data: uri } };
  });
}

/** The answer's JSON schema without the `$schema` marker, which some OpenAI-compatible servers refuse. */
export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    target: "draft-7",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest;
}

export class OpenAIClient implements StructuredClient {
  readonly provider = "openai";
  readonly model: string;
  readonly pdfInput: "file" | "text";
  private readonly apiKey?: string;
  private readonly apiVersion?: string;
  private readonly http: HttpJsonClient;

  constructor(opts: OpenAIOptions) {
    const c = loadOpenAIConfig(opts, NO_ENV);
    this.apiVersion = c.apiVersion;
    this.apiKey = c.apiKey;
    this.model = c.model;
    this.pdfInput = c.pdfInput;
    // One attempt per generate: a model answer takes long, and the callers (bill reader, contract analyser)
    // run their own attempts, or fall back (report writer).
    this.http = new HttpJsonClient({
      seam: "language_model",
      provider: "OpenAI-compatible endpoint",
      baseUrl: c.baseUrl,
      timeoutMs: c.timeoutMs,
      attempts: 1,
      maxResponseBytes: 5 * 1024 * 1024,
      secrets: [c.apiKey],
    });
  }

  private endpoint(model: string): { url: string; headers: Record<string, string> } {
    const headers: Record<string, string> = {};
    if (this.apiVersion) {
      if (this.apiKey) headers["api-key"] = this.apiKey;
      return {
        url: `/openai/deployments/${encodeURIComponent(model)}/chat/completions?api-version=${
          encodeURIComponent(this.apiVersion)
        }`,
        headers,
      };
    }
    if (this.apiKey) headers.Authorization = `Bearer ${this.apiKey}`;
    return { url: `/chat/completions`, headers };
  }

  async generate<T>(req: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const model = req.model ?? this.model;
    const { url, headers } = this.endpoint(model);
    const body = {
      model,
      temperature: req.temperature ?? 0,
      messages: [{ role: "system", content: req.system }, { role: "user", content: toContent(req.parts) }],
      response_format: {
        type: "json_schema",
        // strict:false: the schemas have optional fields, which OpenAI's strict mode does not allow; the answer
        // is validated against the same zod schema here either way.
        json_schema: { name: "answer", strict: false, schema: responseSchema(req.schema) },
      },
    };
    const answer = await this.http.json<{
      choices?: { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }[];
    }>(url, { json: body, headers });
    const choice = answer?.choices?.[0];
    if (choice?.message?.refusal) {
      return {
        ok: false,
        error: "invalid",
        detail: `The model refused: ${choice.message.refusal}`,
        raw: "",
        model,
      };
    }
    const raw = choice?.message?.content ?? "";
    if (choice?.finish_reason === "length") {
      return {
        ok: false,
        error: "unparseable",
        detail: "The answer was cut off (finish_reason length)",
        raw,
        model,
      };
    }
    return parseStructured(req.schema, raw, model);
  }
}
