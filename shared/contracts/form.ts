import type { Context } from "hono";
import { BillItem } from "../bills/schema.ts";
import { DomainError } from "../errors.ts";
import { inspectJsonText } from "../validation/json_guard.ts";
import type { StartAnalysis } from "./analyses.ts";

type Form = Record<string, string | File | (string | File)[]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function filesIn(form: Form, ...names: string[]) {
  const raw = names.flatMap((n) =>
    form[n] === undefined
      ? []
      : Array.isArray(form[n])
      ? form[n] as (string | File)[]
      : [form[n] as string | File]
  );
  const files = raw.filter((f): f is File => typeof f !== "string");
  return await Promise.all(
    files.map(async (f) => ({ filename: f.name || "upload", bytes: new Uint8Array(await f.arrayBuffer()) })),
  );
}

function text(form: Form, name: string): string | undefined {
  const v = form[name];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === "string" && s.trim() ? s.trim() : undefined;
}

function uuid(form: Form, name: string): string | undefined {
  const v = text(form, name);
  if (v !== undefined && !UUID.test(v)) {
    throw new DomainError("invalid", "invalid_request", `body.${name}: must be a UUID`);
  }
  return v;
}

/** Reads the multipart body of analyze-contract(-bill): 400 naming the part for anything malformed. */
export async function readAnalysisForm(c: Context, mode: StartAnalysis["mode"]): Promise<StartAnalysis> {
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
    throw new DomainError(
      "invalid",
      "invalid_request",
      "Send multipart/form-data with the contract as `files` parts",
    );
  }
  let form: Form;
  try {
    form = await c.req.parseBody({ all: true }) as Form;
  } catch {
    throw new DomainError("invalid", "invalid_request", "The multipart body could not be read");
  }
  let bill;
  const billJson = text(form, "bill");
  if (billJson) {
    // JSON inside a form field: the checks the service app makes on every JSON body (depth, NUL, lone surrogates).
    const problem = inspectJsonText(billJson);
    if (problem) {
      throw new DomainError(
        "invalid",
        problem.code,
        `body.bill: ${problem.message.replace(/^Request body/, "the JSON")}`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(billJson);
    } catch {
      throw new DomainError("invalid", "invalid_request", "body.bill: not valid JSON");
    }
    // Either one extraction item or a whole extraction envelope ({data:{items:[...]}}).
    const item = (parsed as { data?: { items?: unknown[] } })?.data?.items?.[0] ?? parsed;
    const r = BillItem.safeParse(item);
    if (!r.success) {
      throw new DomainError(
        "invalid",
        "invalid_request",
        `body.bill: not a bill extraction item (${r.error.issues[0]?.path.join(".")}: ${
          r.error.issues[0]?.message
        })`,
      );
    }
    bill = r.data;
  }
  const externalId = text(form, "externalId");
  if (externalId && externalId.length > 200) {
    throw new DomainError("invalid", "invalid_request", "body.externalId: at most 200 characters");
  }
  return {
    mode,
    files: await filesIn(form, "files", "files[]", "file"),
    billFiles: mode === "contract_bill"
      ? await filesIn(form, "billFiles", "billFiles[]", "billFile")
      : undefined,
    bill: mode === "contract_bill" ? bill : undefined,
    billTransactionId: mode === "contract_bill" ? uuid(form, "billTransactionId") : undefined,
    propertyId: uuid(form, "property_uuid") ?? uuid(form, "propertyUuid"),
    transactionId: uuid(form, "transactionId"),
    externalId,
  };
}
