// Google Cloud Pub/Sub publisher over its REST API (POST v1/projects/{p}/topics/{t}:publish).
// Credentials: a static access token (PUBSUB_ACCESS_TOKEN, e.g. from the metadata server or for an
// emulator) or a service-account key (GCP_SERVICE_ACCOUNT_JSON) exchanged for an OAuth token with the
// JWT-bearer grant and cached until shortly before it expires.
import { Buffer } from "node:buffer";
import { importPKCS8, SignJWT } from "jose";
import { SeamUnavailableError } from "../errors.ts";
import { HttpJsonClient } from "../runtime/http_json.ts";
import type { Bus } from "./types.ts";

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
  private readonly http: HttpJsonClient;
  private readonly oauth: HttpJsonClient;

  constructor(private o: PubSubOptions) {
    if (!o.accessToken && !o.serviceAccount) {
      throw new Error("Pub/Sub needs PUBSUB_ACCESS_TOKEN or GCP_SERVICE_ACCOUNT_JSON");
    }
    const common = { seam: "bus", timeoutMs: o.timeoutMs ?? 10_000, secrets: [o.accessToken] };
    this.http = new HttpJsonClient({
      ...common,
      provider: "Pub/Sub",
      baseUrl: o.apiUrl,
      headers: async () => ({ authorization: `Bearer ${await this.accessToken()}` }),
    });
    const tokenUri = o.serviceAccount?.token_uri ?? "https://oauth2.googleapis.com/token";
    this.oauth = new HttpJsonClient({
      ...common,
      provider: "Google OAuth token endpoint",
      baseUrl: tokenUri,
    });
  }

  async publish(topic: string, data: Uint8Array, attributes: Record<string, string> = {}) {
    const path = `/v1/projects/${encodeURIComponent(this.o.projectId)}/topics/${
      encodeURIComponent(topic)
    }:publish`;
    const body = { messages: [{ data: Buffer.from(data).toString("base64"), attributes }] };
    let json: { messageIds?: string[] } | undefined;
    try {
      json = await this.http.json<{ messageIds?: string[] }>(path, { json: body });
    } catch (e) {
      if (e instanceof SeamUnavailableError && e.status === 401) this.token = undefined; // fetch a new one next time
      throw e;
    }
    const messageId = json?.messageIds?.[0];
    if (!messageId) throw new SeamUnavailableError("bus", "Pub/Sub publish answered without a message id");
    return { messageId };
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
    const json = await this.oauth.json<{ access_token: string; expires_in: number }>("", {
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    this.token = { value: json.access_token, expiresAt: Date.now() + json.expires_in * 1000 };
    return json.access_token;
  }
}
