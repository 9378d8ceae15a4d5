import { Api, ApiError } from "./api.ts";
import { h } from "./dom.ts";
import { t } from "./locale.ts";
import { applyTheme } from "./theme.ts";
import { newState, ORDER, type StepId, STEPS, type WidgetInfo, type WidgetState } from "./types.ts";
import type { Ctx, StepView } from "./context.ts";
import { addressStep } from "./steps/address.ts";
import { confirmStep } from "./steps/confirm.ts";
import { providerStep } from "./steps/provider.ts";
import { billStep } from "./steps/bill.ts";
import { checkStep } from "./steps/check.ts";
import { contactStep } from "./steps/contact.ts";
import { summaryStep } from "./steps/summary.ts";
import { exitScreen } from "./steps/exit.ts";
import { errorMessage } from "./errors.ts";
import { Host, hostOrigin } from "./host.ts";
import { frameAllowed, frameCheckWanted } from "./frame_guard.ts";
import { loadIdToken, loadSession, saveIdToken, saveSession } from "./session.ts";

const steps: Record<StepId, (ctx: Ctx) => StepView> = {
  address: addressStep,
  confirm: confirmStep,
  provider: providerStep,
  bill: billStep,
  check: checkStep,
  contact: contactStep,
  summary: summaryStep,
};

// Set at build time (WIDGET_API_BASE) for a widget served from a CDN or storage bucket.
declare const API_BASE: string;
const root = document.getElementById("app")!;
// The hosted copy shows a notice and hides the app until this script runs (fail closed, security pass 17): the script
// runs, so the app shows (its boot indicator, then notices or the form, which the frame check gates).
document.getElementById("frame-notice")?.remove();
root.hidden = false;
const ready = () => {
  root.removeAttribute("aria-busy");
  root.classList.remove("booting");
};

function apiBase(params: URLSearchParams): string {
  // ?api= lets a CDN-hosted widget talk to any deployment; by default the API is where the widget is served.
  const given = params.get("api") || API_BASE;
  if (given && /^https?:\/\//.test(given)) return given.replace(/\/$/, "");
  return location.origin;
}

function notConfigured(title = t.notConfiguredTitle, text = t.notConfiguredText, state = "not-configured") {
  ready();
  root.replaceChildren(
    h(
      "main",
      { class: "screen center", id: "main" },
      h(
        "div",
        { class: "notice" },
        h("div", { class: "notice-icon", "aria-hidden": "true" }, "!"),
        h("h1", { tabindex: "-1" }, title),
        h("p", {}, text),
      ),
    ),
  );
  (root.querySelector("h1") as HTMLElement).focus();
  document.body.dataset.ready = state;
}

async function start() {
  document.title = t.title;
  const params = new URLSearchParams(location.search);
  // Through embed.js the iframe takes the height of its content (no inner scrolling).
  if (params.get("embed") === "1") document.documentElement.classList.add("embedded");
  const token = params.get("token");
  if (!token) return notConfigured();
  const api = new Api(apiBase(params), token, {
    load: () => loadIdToken(token),
    save: (idToken) => saveIdToken(token, idToken),
  });
  let info: WidgetInfo;
  try {
    await api.authenticate();
    info = (await api.get<{ data: WidgetInfo }>("/v1/widget-service/widget-info")).data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 0) {
      ready();
      root.replaceChildren(
        h(
          "main",
          { class: "screen center", id: "main" },
          h(
            "div",
            { class: "notice" },
            h("h1", {}, t.errorNetwork),
            h("button", { class: "btn primary", type: "button", onclick: () => location.reload() }, t.retry),
          ),
        ),
      );
      return;
    }
    return notConfigured();
  }
  // A copy on a static host checks who frames it (no frame-ancestors header there): frame_guard.ts.
  if (frameCheckWanted()) {
    if (!(await frameAllowed(info.frame_origins))) {
      return notConfigured(t.framedTitle, t.framedText, "framed-elsewhere");
    }
    document.documentElement.setAttribute("data-frame-allowed", ""); // styles.css draws the form only then
  }
  applyTheme(info.theme);
  run(api, info, token, new Host(hostOrigin(params), params.get("embed") === "1"));
}

/** The furthest step at or before `step` whose input exists (a restored or popped step may lack it). */
function reachable(state: WidgetState, step: StepId): StepId {
  const has: Record<StepId, () => boolean> = {
    address: () => true,
    confirm: () => !!state.address,
    provider: () => !!state.address && !!state.propertyId && !!state.providers,
    bill: () => !!state.providerId && !!state.propertyId,
    check: () => !!state.usage?.length,
    contact: () => !!state.usage?.length,
    summary: () => !!state.savings,
  };
  for (let i = ORDER.indexOf(step); i > 0; i--) if (ORDER[i] && has[ORDER[i]]()) return ORDER[i];
  return "address";
}

function run(api: Api, info: WidgetInfo, token: string, host: Host) {
  const state = newState();
  const saved = loadSession(token);
  if (saved) Object.assign(state, saved, { files: [] });
  const status = h("p", { class: "status", role: "status", "aria-live": "polite" });
  const progressLabel = h("p", { class: "progress-label" });
  const bar = h("div", { class: "progress-bar", "aria-hidden": "true" }, h("span", {}));
  const header = h(
    "header",
    { class: "top" },
    info.logo_url
      ? h("img", { class: "logo", src: info.logo_url, alt: info.partner_name ?? "", height: "32" })
      : h("span", { class: "logo-text" }, info.partner_name ?? ""),
    h("div", { class: "progress" }, progressLabel, bar),
  );
  const main = h("main", { class: "screen", id: "main" });
  ready();
  root.replaceChildren(h("div", { class: "widget" }, header, main, status));

  let timer: number | undefined;
  // A progress message announced less than the tick before its work ended would otherwise land after it, under the
  // next step (the summary said "Calculating your savings…" when the savings came back within 50 ms).
  let progress = false;
  const endProgress = () => {
    if (!progress) return;
    progress = false;
    clearTimeout(timer);
    status.textContent = "";
  };
  const ctx: Ctx = {
    api,
    info,
    state,
    go: (step) => render(step),
    exit: (how: "push" | "none" = "push") => {
      progressLabel.textContent = "";
      (bar.firstChild as HTMLElement).style.width = "0";
      // Back from the exit screen returns to the address step.
      state.step = "confirm";
      state.onExit = true;
      show(exitScreen(ctx));
      document.body.dataset.step = "exit";
      if (how === "push") history.pushState({ widgetStep: "exit", depth: depth() + 1 }, "");
      saveSession(token, state);
      host.emit("step", { step: "exit" });
    },
    emit: (event, detail) => host.emit(event, detail),
    announce: (msg, isProgress = false) => {
      status.textContent = "";
      clearTimeout(timer);
      progress = isProgress;
      // A new text node after a tick makes screen readers announce repeated messages too.
      timer = setTimeout(() => (status.textContent = msg), 50) as unknown as number;
    },
  };

  function show(view: StepView) {
    const alert = h("div", { class: "alert", role: "alert", tabindex: "-1", hidden: true });
    const back = h("button", { class: "btn ghost", type: "button", onclick: () => goBack() }, "← " + t.back);
    const nextBtn = h("button", { class: "btn primary", type: "submit" }, view.nextLabel ?? t.continue);
    const form = h(
      "form",
      { class: "step", novalidate: true },
      alert,
      view.body,
      view.noBack && view.nextLabel === null ? null : h(
        "div",
        { class: "nav" },
        view.noBack || ORDER.indexOf(state.step) <= 0 ? h("span", {}) : back,
        view.nextLabel === null ? null : nextBtn,
      ),
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      if (!view.next || form.getAttribute("aria-busy") === "true") return;
      alert.hidden = true;
      form.setAttribute("aria-busy", "true");
      nextBtn.disabled = true;
      nextBtn.classList.add("busy");
      try {
        await view.next();
      } catch (err) {
        endProgress();
        alert.replaceChildren(h("p", {}, errorMessage(err)));
        alert.hidden = false;
        alert.focus();
      } finally {
        form.removeAttribute("aria-busy");
        nextBtn.disabled = false;
        nextBtn.classList.remove("busy");
      }
    });
    main.replaceChildren(form);
    endProgress();
    // A message of the step left behind ("Calculating your savings…" under the summary, "Bill read successfully." on
    // the contact step) would still be read there; one announced just before this step (its timer) still comes.
    status.textContent = "";
    main.scrollTop = 0;
    const heading = form.querySelector("h1, h2") as HTMLElement | null;
    heading?.setAttribute("tabindex", "-1");
    heading?.focus({ preventScroll: true });
    document.body.dataset.step = state.step;
  }

  const depth = () => Number((history.state as { depth?: number } | null)?.depth ?? 0);

  /** Shows a step; `push` adds a browser history entry (Back returns to the step before), `replace` does not. */
  function render(step: StepId, how: "push" | "replace" | "none" = "push") {
    state.step = step;
    state.onExit = false;
    const i = STEPS.indexOf(step === "check" ? "bill" : step);
    progressLabel.textContent = `${t.stepOf(i + 1, STEPS.length)} · ${t.steps[i]}`;
    (bar.firstChild as HTMLElement).style.width = `${((i + 1) / STEPS.length) * 100}%`;
    show(steps[step](ctx));
    const current = (history.state as { widgetStep?: string } | null)?.widgetStep;
    if (how === "push" && current !== step) history.pushState({ widgetStep: step, depth: depth() + 1 }, "");
    else if (how === "replace" || (how === "push" && current === step)) {
      history.replaceState({ widgetStep: step, depth: depth() }, "");
    }
    saveSession(token, state);
    host.emit("step", { step, index: i + 1, total: STEPS.length });
  }

  function goBack() {
    // The widget's Back is the browser's Back: one history, whichever button is pressed.
    if (depth() > 0) return history.back();
    const i = ORDER.indexOf(state.step);
    if (i > 0) render(reachable(state, ORDER[i - 1]), "replace");
  }

  addEventListener("popstate", (e) => {
    const step = (e.state as { widgetStep?: string } | null)?.widgetStep;
    if (!step) return;
    if (step === "exit") return state.address ? ctx.exit("none") : render("address", "none");
    render(reachable(state, step as StepId), "none");
  });
  // Typed input is kept too (a reload mid-step keeps what was entered so far in the state).
  let saving: number | undefined;
  const saveSoon = () => {
    clearTimeout(saving);
    saving = setTimeout(() => saveSession(token, state), 200) as unknown as number;
  };
  root.addEventListener("input", saveSoon);
  root.addEventListener("change", saveSoon);
  addEventListener("pagehide", () => saveSession(token, state));

  const resumed = (history.state as { widgetStep?: string } | null)?.widgetStep;
  if (saved && (resumed === "exit" || (!resumed && state.onExit)) && state.address) ctx.exit("none");
  else render(saved ? reachable(state, (resumed as StepId) ?? state.step) : "address", "replace");
  host.watchSize(root);
  host.emit("ready", { step: state.step });
  document.body.dataset.ready = "true";
  // Time from this document's navigation start to the first interactive step (read by the benchmark).
  document.body.dataset.readyMs = String(Math.round(performance.now()));
}

start();
