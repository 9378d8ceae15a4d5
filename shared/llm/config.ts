// The language-model endpoints' configuration, read once (at provide() time) and handed to the clients.
//   GEMINI_API_KEY (required), GEMINI_MODEL (default gemini-2.5-flash), GEMINI_BASE_URL, GEMINI_TIMEOUT_MS (60000)
//   OPENAI_BASE_URL     default https://api.openai.com/v1 (vLLM: http://host:8000/v1; Ollama: http://host:11434/v1;
//                       Azure: https://RESOURCE.openai.azure.com)
//   OPENAI_API_KEY      required for OpenAI and Azure; optional for a self-hosted server
//   OPENAI_MODEL        model id (Azure: the deployment name); default gpt-4.1-mini on api.openai.com only
//   OPENAI_API_VERSION  set for Azure OpenAI: the api-version query parameter; the key goes in the api-key header
//   OPENAI_PDF_INPUT    file (default: PDFs as `file` content parts, as OpenAI/Azure accept them) or text
//                       (the document's text layer instead, for servers that take only text and images)
//   OPENAI_TIMEOUT_MS   default 120000
import { ConfigError, env, envInt, envOptional, type EnvSource } from "../config.ts";

export const GEMINI_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";
export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
const OPENAI_DEFAULT_MODEL = "gpt-4.1-mini";

export interface GeminiConfig {
  apiKey: string;
  baseUrl?: string;
  model?: string;
  timeoutMs?: number;
}

export function loadGeminiConfig(source: EnvSource = Deno.env): GeminiConfig {
  return {
    apiKey: env("GEMINI_API_KEY", undefined, source),
    baseUrl: envOptional("GEMINI_BASE_URL", source) ?? GEMINI_DEFAULT_BASE_URL,
    model: env("GEMINI_MODEL", "gemini-2.5-flash", source),
    timeoutMs: envInt("GEMINI_TIMEOUT_MS", 60_000, source),
  };
}

export interface OpenAIOptions {
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Azure OpenAI api-version; when set, the Azure URL layout and api-key header are used. */
  apiVersion?: string;
  pdfInput?: "file" | "text";
  timeoutMs?: number;
}

/** The OpenAI-compatible endpoint's settings: given options first, then the environment; checked together. */
export function loadOpenAIConfig(opts: OpenAIOptions = {}, source: EnvSource = Deno.env):
  & Required<
    Pick<OpenAIOptions, "baseUrl" | "model" | "pdfInput" | "timeoutMs">
  >
  & Pick<OpenAIOptions, "apiKey" | "apiVersion"> {
  const configuredBase = opts.baseUrl ?? envOptional("OPENAI_BASE_URL", source);
  const baseUrl = (configuredBase ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const apiVersion = opts.apiVersion ?? envOptional("OPENAI_API_VERSION", source);
  const apiKey = opts.apiKey ?? envOptional("OPENAI_API_KEY", source);
  // Azure OpenAI has its own URL layout: without the api-version every request would 404.
  if (
    /\.openai\.azure\.com$|\.cognitiveservices\.azure\.com$/.test(new URL(baseUrl).hostname) && !apiVersion
  ) throw new ConfigError("OPENAI_API_VERSION");
  // OpenAI and Azure need a key; a self-hosted server (any other base URL) may not.
  if (!apiKey && (!configuredBase || apiVersion)) throw new ConfigError("OPENAI_API_KEY");
  const model = opts.model ??
    (configuredBase || apiVersion
      ? env("OPENAI_MODEL", undefined, source)
      : env("OPENAI_MODEL", OPENAI_DEFAULT_MODEL, source));
  const pdfInput = opts.pdfInput ?? env("OPENAI_PDF_INPUT", "file", source);
  if (pdfInput !== "file" && pdfInput !== "text") {
    throw new Error(`OPENAI_PDF_INPUT must be file or text, got "${pdfInput}"`);
  }
  const timeoutMs = opts.timeoutMs ?? envInt("OPENAI_TIMEOUT_MS", 120_000, source);
  return { baseUrl, apiVersion, apiKey, model, pdfInput, timeoutMs };
}
