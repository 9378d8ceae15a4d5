import { z } from "zod";
import { HttpJsonClient } from "../runtime/http_json.ts";
import { GEMINI_DEFAULT_BASE_URL, type GeminiConfig } from "./config.ts";
import {
  parseStructured,
  type StructuredClient,
  type StructuredRequest,
  type StructuredResult,
} from "./types.ts";

export type { PromptPart, StructuredClient, StructuredRequest, StructuredResult } from "./types.ts";
export { type GeminiConfig, loadGeminiConfig } from "./config.ts";

/**
 * Gemini's generateContent REST API with structured JSON output, over plain fetch (the @google/genai SDK
 * added a megabyte to every function bundle and its Node build crashes on the Edge Runtime's Deno).
 * Settings from loadGeminiConfig (./config.ts); a baseUrl points the client at another endpoint (tests use a
 * local double that speaks the same API).
 */
export class GeminiClient implements StructuredClient {
  readonly provider = "gemini";
  private readonly http: HttpJsonClient;
  readonly model: string;

  constructor(c: GeminiConfig) {
    this.model = c.model ?? "gemini-2.5-flash";
    this.http = new HttpJsonClient({
      seam: "language_model",
      provider: "Gemini",
      baseUrl: c.baseUrl ?? GEMINI_DEFAULT_BASE_URL,
      headers: { "x-goog-api-key": c.apiKey },
      timeoutMs: c.timeoutMs ?? 60_000,
      attempts: 1, // the callers run their own attempts (bill reader, contract analyser) or fall back (report)
      maxResponseBytes: 5 * 1024 * 1024,
      secrets: [c.apiKey],
    });
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
    const data = await this.http.json<{ candidates?: { content?: { parts?: { text?: string }[] } }[] }>(
      `/v1beta/models/${encodeURIComponent(model)}:generateContent`,
      { json: body },
    );
    const answer = (data?.candidates?.[0]?.content?.parts ?? []).map((p) => p.text ?? "").join("");
    return parseStructured(req.schema, answer, model);
  }
}
