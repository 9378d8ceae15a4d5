import type { ZodError } from "zod";

/** "body.email: Invalid email; query.zip: Required" — names every failing field. */
export function describeZodError(err: ZodError, where = ""): string {
  return err.issues
    .map((i) => {
      const path = [where, ...i.path.map(String)].filter(Boolean).join(".");
      return path ? `${path}: ${i.message}` : i.message;
    })
    .join("; ");
}
