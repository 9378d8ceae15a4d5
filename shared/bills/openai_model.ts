// The bill model on an OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, vLLM, Ollama): the
// same prompt and response schema as the Gemini adapter, through the OpenAI client.
import { OpenAIClient, type OpenAIOptions } from "../llm/openai.ts";
import { StructuredBillModel } from "./gemini_model.ts";

export function openAIBillModel(opts?: OpenAIOptions): StructuredBillModel {
  return new StructuredBillModel(new OpenAIClient(opts ?? {}));
}
