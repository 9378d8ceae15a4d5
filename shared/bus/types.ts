/** The event bus seam: Google Cloud Pub/Sub in production, Postgres topics with push delivery locally. */
export interface Bus {
  /** Publishes one message (bytes) with string attributes; resolves with the bus's message id. */
  publish(
    topic: string,
    data: Uint8Array,
    attributes?: Record<string, string>,
  ): Promise<{ messageId: string }>;
}

/** What the bus POSTs to a push endpoint (Pub/Sub's push request body). */
export interface PushBody {
  message: {
    data: string;
    messageId: string;
    message_id?: string;
    publishTime: string;
    publish_time?: string;
    attributes?: Record<string, string>;
  };
  subscription: string;
  deliveryAttempt?: number;
}

// Adapters fail with SeamUnavailableError("bus", …) (shared/errors.ts).
