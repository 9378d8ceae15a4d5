import type { GoogleGenAI } from "@google/genai/web";
import { z } from "zod";
import { env, envOptional } from "../config.ts";
import { parseStructured, type StructuredClient, type StructuredRequest, type StructuredResult } from "./types.ts";

export type { PromptPart, StructuredClient, StructuredRequest, StructuredResult } from "./types.ts";

/**
 * Gemini through @google/genai with structured JSON output. GEMINI_API_KEY; GEMINI_MODEL (default
 * gemini-2.5-flash); GEMINI_BASE_URL points the client at another endpoint (tests use a local double
 * that speaks the generateContent REST API).
 */
export class GeminiClient implements StructuredClient {
  readonly provider = "gemini";
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
    return parseStructured(req.schema, res.text ?? "", model);
  }
}
