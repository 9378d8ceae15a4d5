import type { Api } from "./api.ts";
import { h } from "../../widget/src/dom.ts";

export interface Me {
  user_id: string;
  email: string;
  role: "partner_admin" | "partner_user";
  org_id: string;
  partner_name: string;
}

export interface Ctx {
  api: Api;
  me: Me;
  /** Polite live-region message (saved, copied, failed). */
  announce(msg: string): void;
  go(hash: string): void;
}

export const isAdmin = (ctx: Ctx) => ctx.me.role === "partner_admin";

export const STATUS_LABELS: Record<string, string> = {
  new: "New",
  report_sent: "Report sent",
  contacted: "Contacted",
  qualified: "Qualified",
  disqualified: "Disqualified",
};

/**
 * A moment as "Nov 25, 2026, 9:43 PM EST": in the partner's own time zone, named (QA pass 18: the console gave no zone,
 * beside a new-lead email that says "UTC", so "9:43 PM" in one and "4:43 PM" in the other read as two moments).
 */
export const dateTime = (s: string | null | undefined) =>
  s
    ? new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
    }).format(new Date(s))
    : "—";

/** Opens a blob (PDF, image) in a new tab, or downloads it under `filename`. */
export function openBlob(blob: Blob, filename?: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  if (filename) a.download = filename;
  else a.target = "_blank";
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A wide table's own horizontal scroller: a named region that takes focus, so the keyboard can scroll it too. */
export const scrollRegion = (label: string, table: HTMLElement) =>
  h("div", { class: "scroll", role: "region", "aria-label": label, tabindex: "0" }, table);
