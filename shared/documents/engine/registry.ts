// The operations a document worker can run. The engine's own (ops.ts: text, page count, rendering, image
// validation, OCR) are built in; a domain that needs its own heavy work on untrusted input in a worker (the
// savings report renderer) registers it here from a module of its own, named by that module's URL. A worker
// (subprocess, hosted server or this isolate) that is asked for an operation it does not know yet imports
// the module the request names, which registers it: shared/documents imports no domain.
import { ops as builtin } from "./ops.ts";

// deno-lint-ignore no-explicit-any
export type DocumentOp = (...args: any[]) => Promise<unknown>;

interface Registered {
  fn: DocumentOp;
  /** The module that registers the operation (file: URL), imported by a worker that lacks it. */
  module: string;
}

const registered = new Map<string, Registered>();

/**
 * Registers `name` as a worker operation: `module` is the registering module's own `import.meta.url`, which
 * a worker imports to get the operation. Registering a built-in name, or one name from two modules, throws.
 */
export function registerDocumentOp(name: string, fn: DocumentOp, module: string): void {
  if (!/^\w+$/.test(name)) throw new Error(`document operation name ${JSON.stringify(name)} is not a word`);
  if (!module.startsWith("file:")) throw new Error(`document operation ${name}: module must be a file: URL`);
  if (Object.hasOwn(builtin, name)) throw new Error(`document operation ${name} is built in`);
  const had = registered.get(name);
  if (had && had.module !== module) {
    throw new Error(`document operation ${name} is registered by ${had.module} already`);
  }
  registered.set(name, { fn, module });
}

/** The registered operation's module (undefined for a built-in or unknown one): sent with each request. */
export function documentOpModule(name: string): string | undefined {
  return registered.get(name)?.module;
}

/** Whether this process knows the operation (built in or registered). */
export function hasDocumentOp(name: string): boolean {
  return Object.hasOwn(builtin, name) || registered.has(name);
}

/**
 * The operation, importing `module` first when it is not known here yet (a worker's first request for a
 * registered operation). Throws "unknown operation" when it is neither built in nor registered by `module`.
 */
export async function resolveDocumentOp(name: string, module?: string): Promise<DocumentOp> {
  if (Object.hasOwn(builtin, name)) return (builtin as Record<string, DocumentOp>)[name];
  if (!registered.has(name) && module?.startsWith("file:")) await import(module);
  const op = registered.get(name);
  if (!op) throw new Error(`unknown operation ${name}`);
  return op.fn;
}

/** Runs an operation in this process (worker_main.ts, in_process.ts). */
export async function runDocumentOp(name: string, args: unknown[], module?: string): Promise<unknown> {
  return await (await resolveDocumentOp(name, module))(...args);
}
