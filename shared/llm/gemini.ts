import type { GoogleGenAI } from "@google/genai/web";
import { z } from "zod";
import { env, envOptional } from "../config.ts";

/** One part of a multimodal prompt: text, or a file sent inline (PDF, PNG, JPEG). */
export type PromptPart = { text: string } | { inlineData: { mimeType: string; data: string /* base64 */ } };

export interface StructuredRequest<T> {
  system: string;
  parts: PromptPart[];
  /** The shape the model must answer with; sent as the response JSON schema, and used to validate the answer. */
  schema: z.ZodType<T>;
  model?: string;
  temperature?: number;
}

export type StructuredResult<T> =
  | { ok: true; value: T; raw: string; model: string }
  | { ok: false; error: "unparseable" | "invalid"; detail: string; raw: string; model: string };

/**
 * Gemini through @google/genai with structured JSON output. GEMINI_API_KEY; GEMINI_MODEL (default
 * gemini-2.5-flash); GEMINI_BASE_URL points the client at another endpoint (tests use a local double
 * that speaks the generateContent REST API).
 */
export class GeminiClient {
  private ai?: Promise<GoogleGenAI>;
  private readonly apiKey: string;
  private readonly baseUrl?: string;
  readonly model: string;

  constructor(opts: { apiKey?: string; baseUrl?: string; model?: string } = {}) {
    this.baseUrl = opts.baseUrl ?? envOptional("GEMINI_BASE_URL");
    this.apiKey = opts.apiKey ?? env("GEMINI_API_KEY");
    this.model = opts.model ?? env("GEMINI_MODEL", "gemini-2.5-flash");
  }

  /**
   * @google/genai loads on first use only, and its web (fetch) build: the Node build pulls google-auth-library,
   * whose logging dependency reads `process` through require() when it loads, which crashes on the Edge
   * Runtime's Deno 2.1 (at boot, when imported statically). The API-key REST calls are the same.
   */
  private client(): Promise<GoogleGenAI> {
    this.ai ??= import("@google/genai/web").then(({ GoogleGenAI }) =>
      new GoogleGenAI({ apiKey: this.apiKey, httpOptions: this.baseUrl ? { baseUrl: this.baseUrl } : undefined })
    );
    return this.ai;
  }

  /** Asks for JSON matching `schema`. Transport errors throw; a bad answer is returned as ok:false. */
  async generate<T>(req: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const model = req.model ?? this.model;
    const res = await (await this.client()).models.generateContent({
      model,
      contents: [{ role: "user", parts: req.parts }],
      config: {
        systemInstruction: req.system,
        responseMimeType: "application/json",
        responseJsonSchema: z.toJSONSchema(req.schema, { target: "draft-7", unrepresentable: "any" }),
        temperature: req.temperature ?? 0,
      },
    });
    const raw = res.text ?? "";
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { ok: false, error: "unparseable", detail: "Model answer is not JSON", raw, model };
    }
    const parsed = req.schema.safeParse(json);
    if (!parsed.success) return { ok: false, error: "invalid", detail: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "), raw, model };
    return { ok: true, value: parsed.data, raw, model };
  }
}
