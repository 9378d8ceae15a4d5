import type { Api } from "./api.ts";
import type { StepId, WidgetInfo, WidgetState } from "./types.ts";

/** What every step gets: the API, the partner configuration, the shared state and navigation. */
export interface Ctx {
  api: Api;
  info: WidgetInfo;
  state: WidgetState;
  go(step: StepId): void;
  /** Shows the out-of-area screen (`none`: without a new history entry, e.g. on Back/Forward). */
  exit(how?: "push" | "none"): void;
  /** Announces a message politely to screen readers (and shows it in the status line). */
  /** `progress`: a message of work under way ("Calculating your savings…"), dropped when the work ends or the step changes. */
  announce(msg: string, progress?: boolean): void;
  /** Tells the host page (through the embed script) that something happened: `lead_created`. */
  emit(event: string, detail?: Record<string, unknown>): void;
}

export interface StepView {
  /** The step's content. */
  body: HTMLElement;
  /** Runs when Continue is pressed; returns false to stay (after showing errors). */
  next?: () => Promise<boolean | void> | boolean | void;
  /** Label of the main button; hidden when null. */
  nextLabel?: string | null;
  /** Hide the Back button. */
  noBack?: boolean;
}
