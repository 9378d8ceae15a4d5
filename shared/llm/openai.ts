// An OpenAI-compatible chat-completions client with JSON-schema structured output, over plain fetch:
// OpenAI, Azure OpenAI, and self-hosted servers that speak the same wire format (vLLM, Ollama, LM Studio).
//   OPENAI_BASE_URL     default https://api.openai.com/v1 (vLLM: http://host:8000/v1; Ollama: http://host:11434/v1;
//                       Azure: https://RESOURCE.openai.azure.com)
//   OPENAI_API_KEY      required for OpenAI and Azure; optional for a self-hosted server
//   OPENAI_MODEL        model id (Azure: the deployment name); default gpt-4.1-mini on api.openai.com only
//   OPENAI_API_VERSION  set for Azure OpenAI: the api-version query parameter; the key goes in the api-key header
//   OPENAI_PDF_INPUT    file (default: PDFs as `file` content parts, as OpenAI/Azure accept them) or text
//                       (the document's text layer instead, for servers that take only text and images)
//   OPENAI_TIMEOUT_MS   default 120000
import { ConfigError, env, envInt, envOptional } from "../config.ts";
import { z } from "zod";
import {
  parseStructured,
  type PromptPart,
  type StructuredClient,
  type StructuredRequest,
  type StructuredResult,
} from "./types.ts";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
const OPENAI_DEFAULT_MODEL = "gpt-4.1-mini";

export interface OpenAIOptions {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Azure OpenAI api-version; when set, the Azure URL layout and api-key header are used. */
  apiVersion?: string;
  pdfInput?: "file" | "text";
  timeoutMs?: number;
}

/** The endpoint answered with an HTTP error or could not be reached (the adapters report "unavailable"). */
export class OpenAIUnavailableError extends Error {}

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
  private readonly baseUrl: string;
  private readonly apiKey?: string;
  private readonly apiVersion?: string;
  private readonly timeoutMs: number;

  constructor(opts: OpenAIOptions = {}) {
    const configuredBase = opts.baseUrl ?? envOptional("OPENAI_BASE_URL");
    this.baseUrl = (configuredBase ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, "");
    this.apiVersion = opts.apiVersion ?? envOptional("OPENAI_API_VERSION");
    this.apiKey = opts.apiKey ?? envOptional("OPENAI_API_KEY");
    // Azure OpenAI has its own URL layout: without the api-version every request would 404.
    if (
      /\.openai\.azure\.com$|\.cognitiveservices\.azure\.com$/.test(new URL(this.baseUrl).hostname) &&
      !this.apiVersion
    ) throw new ConfigError("OPENAI_API_VERSION");
    // OpenAI and Azure need a key; a self-hosted server (any other base URL) may not.
    if (!this.apiKey && (!configuredBase || this.apiVersion)) throw new ConfigError("OPENAI_API_KEY");
    this.model = opts.model ??
      (configuredBase || this.apiVersion ? env("OPENAI_MODEL") : env("OPENAI_MODEL", OPENAI_DEFAULT_MODEL));
    const pdf = opts.pdfInput ?? env("OPENAI_PDF_INPUT", "file");
    if (pdf !== "file" && pdf !== "text") {
      throw new Error(`OPENAI_PDF_INPUT must be file or text, got "${pdf}"`);
    }
    this.pdfInput = pdf;
    this.timeoutMs = opts.timeoutMs ?? envInt("OPENAI_TIMEOUT_MS", 120_000);
  }

  private endpoint(model: string): { url: string; headers: Record<string, string> } {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (this.apiVersion) {
      if (this.apiKey) headers["api-key"] = this.apiKey;
      return {
        url: `${this.baseUrl}/openai/deployments/${encodeURIComponent(model)}/chat/completions?api-version=${
          encodeURIComponent(this.apiVersion)
        }`,
        headers,
      };
    }
    if (this.apiKey) headers.Authorization = `Bearer ${this.apiKey}`;
    return { url: `${this.baseUrl}/chat/completions`, headers };
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
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new OpenAIUnavailableError(
        `OpenAI-compatible endpoint unreachable: ${e instanceof Error ? e.message : String(e)}`,
      );
    }
    const text = await res.text();
    if (!res.ok) {
      let message = text.slice(0, 300);
      try {
        message = JSON.parse(text).error?.message ?? message;
      } catch { /* not JSON */ }
      throw new OpenAIUnavailableError(`OpenAI-compatible endpoint answered ${res.status}: ${message}`);
    }
    let choice:
      | { message?: { content?: string | null; refusal?: string | null }; finish_reason?: string }
      | undefined;
    try {
      choice = JSON.parse(text).choices?.[0];
    } catch {
      throw new OpenAIUnavailableError("OpenAI-compatible endpoint answered a body that is not JSON");
    }
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
