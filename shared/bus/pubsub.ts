// Google Cloud Pub/Sub publisher over its REST API (POST v1/projects/{p}/topics/{t}:publish).
// Credentials: a static access token (PUBSUB_ACCESS_TOKEN, e.g. from the metadata server or for an
// emulator) or a service-account key (GCP_SERVICE_ACCOUNT_JSON) exchanged for an OAuth token with the
// JWT-bearer grant and cached until shortly before it expires.
import { Buffer } from "node:buffer";
import { importPKCS8, SignJWT } from "jose";
import type { Bus } from "./types.ts";
import { BusUnavailableError } from "./types.ts";

export interface PubSubOptions {
  projectId: string;
  /** https://pubsub.googleapis.com in production; a local double in tests. */
  apiUrl: string;
  accessToken?: string;
  serviceAccount?: { client_email: string; private_key: string; token_uri?: string };
  timeoutMs?: number;
}

const SCOPE = "https://www.googleapis.com/auth/pubsub";

export class PubSubBus implements Bus {
  private token?: { value: string; expiresAt: number };

  constructor(private o: PubSubOptions) {
    if (!o.accessToken && !o.serviceAccount) {
      throw new Error("Pub/Sub needs PUBSUB_ACCESS_TOKEN or GCP_SERVICE_ACCOUNT_JSON");
    }
  }

  async publish(topic: string, data: Uint8Array, attributes: Record<string, string> = {}) {
    const url = `${this.o.apiUrl.replace(/\/$/, "")}/v1/projects/${
      encodeURIComponent(this.o.projectId)
    }/topics/${encodeURIComponent(topic)}:publish`;
    const body = { messages: [{ data: Buffer.from(data).toString("base64"), attributes }] };
    const res = await this.call(url, body);
    const json = await res.json() as { messageIds?: string[] };
    const messageId = json.messageIds?.[0];
    if (!messageId) throw new BusUnavailableError("Pub/Sub publish answered without a message id");
    return { messageId };
  }

  private async call(url: string, body: unknown): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${await this.accessToken()}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new BusUnavailableError(`Pub/Sub unreachable: ${(e as Error).message}`);
    }
    if (res.ok) return res;
    const text = await res.text();
    let detail = text.slice(0, 300);
    try {
      detail = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? detail;
    } catch { /* not JSON */ }
    if (res.status === 401) this.token = undefined;
    const msg = `Pub/Sub publish failed (${res.status}): ${detail}`;
    if (res.status >= 500 || res.status === 429) throw new BusUnavailableError(msg);
    throw new Error(msg);
  }

  private async accessToken(): Promise<string> {
    if (this.o.accessToken) return this.o.accessToken;
    if (this.token && this.token.expiresAt > Date.now() + 60_000) return this.token.value;
    const sa = this.o.serviceAccount!;
    const tokenUri = sa.token_uri ?? "https://oauth2.googleapis.com/token";
    const key = await importPKCS8(sa.private_key, "RS256");
    const assertion = await new SignJWT({ scope: SCOPE })
      .setProtectedHeader({ alg: "RS256", typ: "JWT" })
      .setIssuer(sa.client_email)
      .setAudience(tokenUri)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    let res: Response;
    try {
      res = await fetch(tokenUri, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
        signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
      });
    } catch (e) {
      throw new BusUnavailableError(`Google OAuth token endpoint unreachable: ${(e as Error).message}`);
    }
    if (!res.ok) throw new BusUnavailableError(`Google OAuth token exchange failed (${res.status})`);
    const json = await res.json() as { access_token: string; expires_in: number };
    this.token = { value: json.access_token, expiresAt: Date.now() + json.expires_in * 1000 };
    return json.access_token;
  }
}
