import { z } from "zod";
import { env, envInt, envOptional } from "../config.ts";
import {
  parseStructured,
  type StructuredClient,
  type StructuredRequest,
  type StructuredResult,
} from "./types.ts";

export type { PromptPart, StructuredClient, StructuredRequest, StructuredResult } from "./types.ts";

const GEMINI_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";

/** The endpoint answered with an HTTP error or could not be reached. */
export class GeminiUnavailableError extends Error {}

/**
 * Gemini's generateContent REST API with structured JSON output, over plain fetch (the @google/genai SDK
 * added a megabyte to every function bundle and its Node build crashes on the Edge Runtime's Deno).
 * GEMINI_API_KEY; GEMINI_MODEL (default gemini-2.5-flash); GEMINI_BASE_URL points the client at another
 * endpoint (tests use a local double that speaks the same API); GEMINI_TIMEOUT_MS (default 60000).
 */
export class GeminiClient implements StructuredClient {
  readonly provider = "gemini";
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  readonly model: string;

  constructor(opts: { apiKey?: string; baseUrl?: string; model?: string; timeoutMs?: number } = {}) {
    this.baseUrl = (opts.baseUrl ?? envOptional("GEMINI_BASE_URL") ?? GEMINI_DEFAULT_BASE_URL).replace(
      /\/+$/,
      "",
    );
    this.apiKey = opts.apiKey ?? env("GEMINI_API_KEY");
    this.model = opts.model ?? env("GEMINI_MODEL", "gemini-2.5-flash");
    this.timeoutMs = opts.timeoutMs ?? envInt("GEMINI_TIMEOUT_MS", 60_000);
  }

  /** Asks for JSON matching `schema`. Transport errors throw; a bad answer is returned as ok:false. */
  async generate<T>(req: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const model = req.model ?? this.model;
    const body = {
      contents: [{ role: "user", parts: req.parts }],
      systemInstruction: { parts: [{ text: req.system }] },
      generationConfig: {
        responseMimeType: "application/json",
        responseJsonSchema: z.toJSONSchema(req.schema, { target: "draft-7", unrepresentable: "any" }),
        temperature: req.temperature ?? 0,
      },
    };
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}/v1beta/models/${encodeURIComponent(model)}:generateContent`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-goog-api-key": this.apiKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (e) {
      throw new GeminiUnavailableError(`Gemini unreachable: ${e instanceof Error ? e.message : String(e)}`);
    }
    const text = await res.text();
    if (!res.ok) {
      let message = text.slice(0, 300);
      try {
        message = JSON.parse(text).error?.message ?? message;
      } catch { /* not JSON */ }
      throw new GeminiUnavailableError(`Gemini answered ${res.status}: ${message}`);
    }
    let answer = "";
    try {
      const parts = JSON.parse(text).candidates?.[0]?.content?.parts as { text?: string }[] | undefined;
      answer = (parts ?? []).map((p) => p.text ?? "").join("");
    } catch {
      throw new GeminiUnavailableError("Gemini answered a body that is not JSON");
    }
    return parseStructured(req.schema, answer, model);
  }
}
