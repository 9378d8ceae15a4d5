// The OpenAPI pieces every service app shares, declared once: the error body (what shared/http/errors.ts
// writes), the bearer security requirement (the scheme is registered by createServiceApp), the JSON request
// body and the error responses the route declarations use.
import { z } from "@hono/zod-openapi";

/** `{"error":{"code":"...","message":"..."}}`: the body of every error answer, the `Error` component. */
export const ErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) }).openapi(
  "Error",
);

/** The security requirement of a route behind the gateway: `Authorization: Bearer <ID token>`. */
export const security = [{ bearer: [] }];

/** A required JSON request body of `schema`. */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  content: { "application/json": { schema } },
  required: true,
});

/** An error response: its description, and the error body. */
export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: ErrorSchema } },
});

/** The error responses of any route behind the gateway. */
export const authErrors = {
  401: errorResponse("Missing or invalid token"),
  403: errorResponse("Forbidden"),
};
