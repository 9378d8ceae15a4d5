// `--model embedded|gemini|openai` for the extraction bench: the same real-bill harness against a real model
// when its configuration is set, with a clear message (and nothing run) when it is not.
import { ConfigError } from "../../shared/config.ts";
import { EmbeddedBillModel } from "../../shared/bills/embedded_model.ts";
import type { BillModel } from "../../shared/bills/model.ts";
import { makeBillModel } from "../../shared/bills/models.ts";

const NEEDS: Record<string, string> = {
  gemini: "GEMINI_API_KEY (optionally GEMINI_MODEL, GEMINI_BASE_URL)",
  openai:
    "OPENAI_API_KEY for OpenAI/Azure (with OPENAI_API_VERSION for Azure), or OPENAI_BASE_URL + OPENAI_MODEL for a self-hosted vLLM/Ollama server",
};

export function benchModel(args: string[]): { model: BillModel; kind: string } | { error: string } {
  const at = args.indexOf("--model");
  const kind = at >= 0 ? args[at + 1] ?? "" : "embedded";
  if (kind === "embedded") return { model: new EmbeddedBillModel(), kind };
  if (!NEEDS[kind]) return { error: `--model must be embedded, gemini or openai, got "${kind}"` };
  try {
    return { model: makeBillModel(kind), kind };
  } catch (e) {
    if (e instanceof ConfigError) {
      return { error: `--model ${kind} needs ${NEEDS[kind]}; ${e.variable} is not set. Nothing was run.` };
    }
    throw e;
  }
}
