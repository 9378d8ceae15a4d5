// A local double of Google Cloud Pub/Sub's REST publish API and of Google's OAuth token endpoint (the
// JWT-bearer grant used with a service-account key), in their wire formats:
//   POST /v1/projects/{project}/topics/{topic}:publish  {messages:[{data, attributes}]} → {messageIds:[...]}
//   POST /token  grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=<RS256 JWT>
import { importSPKI, jwtVerify } from "jose";
import { serveApp, type Served } from "../support/http.ts";

export interface PubSubDouble extends Served {
  project: string;
  topics: Set<string>;
  published: {
    topic: string;
    data: string;
    attributes?: Record<string, string>;
    messageId: string;
    auth: string;
  }[];
  tokenRequests: number;
  /** Accept tokens issued by /token for this service account (PEM public key). */
  trustServiceAccount(email: string, publicKeyPem: string): void;
  script(...statuses: number[]): void;
}

const gerr = (code: number, status: string, message: string) =>
  Response.json({ error: { code, message, status } }, { status: code });

export function startPubSubDouble(opts: { project?: string; accessToken?: string } = {}): PubSubDouble {
  const project = opts.project ?? "solar-test";
  const topics = new Set([
    "platform.jobs",
    "platform.invoices",
    "platform.auth",
    "platform.notifications.dlq",
  ]);
  const published: PubSubDouble["published"] = [];
  const tokens = new Set(opts.accessToken ? [opts.accessToken] : []);
  const accounts = new Map<string, string>();
  const queue: number[] = [];
  let seq = 4_000_000_000_000;
  const served = serveApp(async (req) => {
    const url = new URL(req.url);
    if (req.method === "POST" && url.pathname === "/token") {
      self.tokenRequests++;
      const form = new URLSearchParams(await req.text());
      if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer") {
        return Response.json({ error: "unsupported_grant_type" }, { status: 400 });
      }
      const assertion = form.get("assertion") ?? "";
      try {
        const iss = JSON.parse(atob(assertion.split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).iss;
        const pem = accounts.get(iss);
        if (!pem) throw new Error("unknown account");
        await jwtVerify(assertion, await importSPKI(pem, "RS256"), {
          audience: `${served.url}/token`,
          issuer: iss,
        });
      } catch {
        return Response.json({ error: "invalid_grant", error_description: "Invalid JWT Signature." }, {
          status: 400,
        });
      }
      const token = `ya29.${crypto.randomUUID()}`;
      tokens.add(token);
      return Response.json({ access_token: token, expires_in: 3599, token_type: "Bearer" });
    }
    const m = url.pathname.match(/^\/v1\/projects\/([^/]+)\/topics\/([^/:]+):publish$/);
    if (req.method !== "POST" || !m) return gerr(404, "NOT_FOUND", "Not found");
    const auth = (req.headers.get("authorization") ?? "").replace(/^Bearer /, "");
    if (!tokens.has(auth)) {
      return gerr(401, "UNAUTHENTICATED", "Request had invalid authentication credentials.");
    }
    const scripted = queue.shift();
    if (scripted) {
      return gerr(scripted, scripted >= 500 ? "UNAVAILABLE" : "FAILED_PRECONDITION", "scripted failure");
    }
    const [, proj, topic] = m.map(decodeURIComponent);
    if (proj !== project || !topics.has(topic)) {
      return gerr(404, "NOT_FOUND", `Resource not found (resource=${topic}).`);
    }
    const body = await req.json() as { messages?: { data?: string; attributes?: Record<string, string> }[] };
    if (!body.messages?.length) {
      return gerr(400, "INVALID_ARGUMENT", "The request must contain at least one message.");
    }
    const ids = body.messages.map((msg) => {
      if (typeof msg.data !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(msg.data)) {
        throw new Error("bad data");
      }
      const messageId = String(seq++);
      published.push({ topic, data: msg.data, attributes: msg.attributes, messageId, auth });
      return messageId;
    });
    return Response.json({ messageIds: ids });
  });
  const self: PubSubDouble = Object.assign(served, {
    project,
    topics,
    published,
    tokenRequests: 0,
    trustServiceAccount: (email: string, pem: string) => void accounts.set(email, pem),
    script: (...s: number[]) => void queue.push(...s),
  });
  return self;
}
