import { ApiError } from "../api.ts";
import { field, h, uid } from "../dom.ts";
import { t } from "../locale.ts";
import { errorMessage } from "../errors.ts";
import type { Ctx, StepView } from "../context.ts";
import type { MonthUsage } from "../types.ts";
import { reviewReading } from "./check.ts";
import { kwhTyped } from "../usage.ts";

const MAX_FILES = 10;
const MAX_BYTES = 10 * 1024 * 1024;
const TYPES = ["application/pdf", "image/png", "image/jpeg"];
const EXT = /\.(pdf|png|jpe?g)$/i;
const isPdf = (f: File) => f.type === "application/pdf" || /\.pdf$/i.test(f.name);

interface Envelope {
  transactionId: string;
  data: {
    items: {
      customerInformation?: { customerName?: string };
      billingInformation?: { utilityProviderName?: string };
      electricityUsage?: { usageByMonth?: MonthUsage[] };
    }[];
  };
}

/** Step 4 (rule 4): bill upload (drag and drop, camera, several images as one bill, progress); then the check step. */
export function billStep(ctx: Ctx): StepView {
  const s = ctx.state;
  const coarse = matchMedia("(pointer: coarse)").matches;
  const id = uid("bill");
  const errorBox = h("div", { class: "upload-error", role: "alert", hidden: true });
  const list = h("ul", { class: "files", "aria-label": t.filesLabel });
  const progress = h(
    "div",
    { class: "progress-wrap", hidden: true },
    h("div", {
      class: "meter",
      role: "progressbar",
      "aria-valuemin": "0",
      "aria-valuemax": "100",
      "aria-valuenow": "0",
      "aria-label": t.uploading(0),
    }, h("span", {})),
    h("p", { class: "meter-label" }),
  );
  // The visible buttons are the controls; the file inputs behind them stay out of the tab order.
  const input = h("input", {
    id,
    type: "file",
    accept: ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg",
    multiple: true,
    class: "sr-only",
    tabindex: "-1",
    "aria-hidden": "true",
  });
  const camera = h("input", {
    type: "file",
    accept: "image/*",
    capture: "environment",
    class: "sr-only",
    tabindex: "-1",
    "aria-hidden": "true",
  });

  const showError = (msg: string | null, retry = false) => {
    errorBox.replaceChildren(...(msg ? [h("p", {}, msg)] : []));
    if (msg && retry) {
      errorBox.append(h("button", { class: "btn small", type: "button", onclick: () => submit() }, t.retry));
    }
    errorBox.hidden = !msg;
  };
  const renderFiles = () => {
    list.replaceChildren(
      ...s.files.map((f, i) =>
        h(
          "li",
          {},
          h("span", { class: "file-name" }, f.name),
          h("span", { class: "file-size" }, `${Math.max(1, Math.round(f.size / 1024))} KB`),
          h("button", {
            type: "button",
            class: "icon-btn",
            "aria-label": t.removeFile(f.name),
            onclick: () => {
              s.files.splice(i, 1);
              renderFiles();
            },
          }, "×"),
        )
      ),
    );
  };
  // Why the last file chosen was refused: "Read my bill" with nothing kept says that again, not "Choose your bill
  // first" to someone who just chose one (QA pass 7).
  // The files kept before a refused one are listed too (they are sent with the bill).
  let refused: string | null = null;
  const add = (files: FileList | File[] | null) => {
    refused = null;
    for (const f of Array.from(files ?? [])) {
      if (!TYPES.includes(f.type) && !EXT.test(f.name)) refused = t.wrongType(f.name);
      else if (f.size > MAX_BYTES) refused = t.tooBig(f.name);
      else if (s.files.length >= MAX_FILES) refused = t.tooMany;
      if (refused) break;
      // A PDF is a whole bill; images add up to one bill (the pages of it).
      s.files = isPdf(f) ? [] : s.files.filter((x) => !isPdf(x));
      s.files.push(f);
    }
    showError(refused);
    renderFiles();
    if (s.files.length && !refused) ctx.announce(s.files.map((f) => f.name).join(", "));
  };
  input.addEventListener("change", () => {
    add(input.files);
    input.value = "";
  });
  camera.addEventListener("change", () => {
    add(camera.files);
    camera.value = "";
  });

  const drop = h(
    "div",
    { class: "dropzone" },
    h("div", { class: "drop-icon", "aria-hidden": "true" }),
    h("p", { class: "drop-title" }, coarse ? t.addBill : t.dropHere),
    coarse ? null : h("p", { class: "drop-or" }, t.or),
    h(
      "div",
      { class: "drop-actions" },
      h("button", {
        type: "button",
        class: "btn secondary",
        "aria-describedby": `${id}-types`,
        onclick: () => input.click(),
      }, t.chooseFiles),
      coarse
        ? h("button", { type: "button", class: "btn secondary", onclick: () => camera.click() }, t.takePhoto)
        : null,
    ),
    h("p", { id: `${id}-types`, class: "hint" }, t.billTypes),
    input,
    camera,
  );
  drop.addEventListener("dragover", (e) => {
    e.preventDefault();
    drop.classList.add("over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    add(e.dataTransfer?.files ?? null);
  });

  const setProgress = (pct: number, label: string) => {
    if (progress.hidden) {
      progress.hidden = false;
      progress.scrollIntoView({ block: "nearest" });
    }
    const meter = progress.firstChild as HTMLElement;
    meter.setAttribute("aria-valuenow", String(pct));
    meter.setAttribute("aria-label", label);
    (meter.firstChild as HTMLElement).style.width = `${pct}%`;
    (progress.lastChild as HTMLElement).textContent = label;
  };

  let announced = -1;
  async function submit(): Promise<boolean | void> {
    showError(null);
    if (!s.files.length) {
      showError(refused ?? t.noBillChosen);
      (drop.querySelector("button") as HTMLElement).focus();
      return false;
    }
    const form = new FormData();
    for (const f of s.files) form.append("files", f, f.name);
    form.append("transactionId", crypto.randomUUID());
    form.append("transactionGroupId", s.leadKey);
    setProgress(0, t.uploading(0));
    try {
      const env = await ctx.api.upload<Envelope>("/v1/utility-bill-service/upload", form, (fr) => {
        const pct = Math.round(fr * 100);
        setProgress(pct, pct >= 100 ? t.reading : t.uploading(pct));
        // Screen readers hear every 25%, not every event.
        if (Math.floor(pct / 25) !== announced) {
          announced = Math.floor(pct / 25);
          ctx.announce(pct >= 100 ? t.reading : t.uploading(pct), true);
        }
      });
      const item = env.data.items[0] ?? {};
      const usage = item.electricityUsage?.usageByMonth ?? [];
      if (!usage.length) throw new ApiError(400, "incomplete_bill", t.incompleteBill);
      s.billTransactionId = env.transactionId;
      s.billUtility = item.billingInformation?.utilityProviderName ?? null;
      s.usage = usage.map((u) => ({ ...u, value: Math.round(Number(u.value) || 0) }));
      s.reading = {};
      s.confirmed = [];
      // The plausibility gate: what was read, and which lines the homeowner must confirm.
      s.review = await reviewReading(ctx);
      ctx.announce(t.uploadDone);
      attachToProperty(ctx);
      ctx.go("check");
    } catch (e) {
      progress.hidden = true;
      ctx.announce(""); // "Reading your bill…" is over; the error below is the alert
      const known = e instanceof ApiError &&
        [
          "invalid_file_type",
          "password_protected",
          "incomplete_bill",
          "subscription_inactive",
          "payload_too_large",
        ].includes(
          e.code,
        );
      showError(
        known ? errorMessage(e) : e instanceof ApiError && e.status === 400 ? e.message : t.billFailed,
        !known,
      );
      // No bill reading for this partner: the homeowner can still go on with their own figure.
      if (e instanceof ApiError && e.code === "subscription_inactive") {
        (manual as HTMLDetailsElement).open = true;
      }
      return false;
    }
  }

  const manual = manualEntry(ctx);
  const body = h(
    "div",
    { class: "stack" },
    h("h2", {}, t.billTitle),
    h("p", { class: "lead" }, t.billIntro),
    drop,
    list,
    progress,
    errorBox,
    manual,
  );
  renderFiles();
  return { body, next: submit, nextLabel: t.readBill };
}

/** Keeps a copy of the bill with the property (the partner sees it with the lead); best effort. */
function attachToProperty(ctx: Ctx) {
  const s = ctx.state;
  if (!s.propertyId || !s.files.length) return;
  const form = new FormData();
  for (const f of s.files) form.append("files", f, f.name);
  form.append("kind", "utility_bill");
  ctx.api.upload(`/v1/widget-service/property/${s.propertyId}/upload`, form, () => {}).catch(() => {});
}

function manualEntry(ctx: Ctx): HTMLElement {
  const f = field({ label: t.manualUsage, name: "manual_kwh", inputmode: "numeric", hint: t.manualHint });
  const use = h("button", {
    type: "button",
    class: "btn secondary",
    onclick: () => {
      // "1,200" as a homeowner writes it (it was refused, with the check step's "… for each month").
      const v = kwhTyped(f.input.value);
      if (!Number.isFinite(v) || v <= 0 || v > 1000000) {
        f.setError(t.manualInvalid);
        f.input.focus();
        return;
      }
      const year = new Date().getFullYear() - 1;
      Object.assign(ctx.state, { billTransactionId: null, review: null, reading: {}, confirmed: [] });
      ctx.state.usage = t.months.map((month) => ({
        month,
        year,
        value: Math.round(v),
        unit: "kWh",
        estimated: true,
      }));
      ctx.go("check");
    },
  }, t.continue);
  return h(
    "details",
    { class: "manual" },
    h("summary", {}, t.noBill),
    h("div", { class: "row" }, f.wrap, use),
  );
}
