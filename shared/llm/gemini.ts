import { GoogleGenAI } from "@google/genai";
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
  private readonly ai: GoogleGenAI;
  readonly model: string;

  constructor(opts: { apiKey?: string; baseUrl?: string; model?: string } = {}) {
    const baseUrl = opts.baseUrl ?? envOptional("GEMINI_BASE_URL");
    this.ai = new GoogleGenAI({ apiKey: opts.apiKey ?? env("GEMINI_API_KEY"), httpOptions: baseUrl ? { baseUrl } : undefined });
    this.model = opts.model ?? env("GEMINI_MODEL", "gemini-2.5-flash");
  }

  /** Asks for JSON matching `schema`. Transport errors throw; a bad answer is returned as ok:false. */
  async generate<T>(req: StructuredRequest<T>): Promise<StructuredResult<T>> {
    const model = req.model ?? this.model;
    const res = await this.ai.models.generateContent({
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
