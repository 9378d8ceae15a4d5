// The partner console: sign in, then leads, widget settings with live preview and embed snippet, widget tokens,
// users and notifications. Hash routes (#/leads, #/leads/<id>, #/widget, #/tokens, #/users, #/notifications);
// #/invitation/<token> (an invitation email's link) comes before sign-in.
import { Api, ApiError, svc } from "./api.ts";
import { h } from "../../widget/src/dom.ts";
import { type Ctx, isAdmin, type Me } from "./context.ts";
import { loginView } from "./views/login.ts";
import { leadsView } from "./views/leads.ts";
import { leadView } from "./views/lead.ts";
import { widgetView } from "./views/widget.ts";
import { tokensView } from "./views/tokens.ts";
import { usersView } from "./views/users.ts";
import { notificationsView } from "./views/notifications.ts";
import { invitationView } from "./views/invitation.ts";
import { pageFailure } from "./messages.ts";

declare const API_BASE: string;
const root = document.getElementById("app")!;
const api = new Api(/^https?:\/\//.test(API_BASE) ? API_BASE.replace(/\/$/, "") : location.origin);

const NAV: { hash: string; label: string; admin?: boolean }[] = [
  { hash: "#/leads", label: "Leads" },
  { hash: "#/widget", label: "Widget" },
  { hash: "#/tokens", label: "Widget tokens", admin: true },
  { hash: "#/users", label: "Users" },
  { hash: "#/notifications", label: "Notifications" },
];

function showLogin(message?: string) {
  root.removeAttribute("aria-busy");
  document.title = "Sign in · Partner console";
  root.replaceChildren(loginView(api, start, message));
  document.body.dataset.view = "login";
}

async function showInvitation(token: string) {
  document.title = "Invitation · Partner console";
  document.body.dataset.view = "invitation";
  root.replaceChildren(await invitationView(api, token, start));
  root.removeAttribute("aria-busy");
  const heading = root.querySelector("h1");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus();
  }
}

async function start() {
  const invitation = location.hash.match(/^#\/invitation\/([A-Za-z0-9_-]{1,200})$/);
  if (invitation) return await showInvitation(invitation[1]);
  if (!api.signedIn) return showLogin();
  let me: Me;
  try {
    me = (await api.call<{ data: Me }>("GET", svc("/me"))).data;
  } catch (e) {
    return showLogin(
      e instanceof ApiError && e.status === 403 ? "This account is not a partner account." : undefined,
    );
  }
  const status = h("p", { class: "sr-only", role: "status", "aria-live": "polite" });
  const main = h("main", { id: "main", tabindex: "-1" });
  const links = NAV.filter((n) => !n.admin || me.role === "partner_admin").map((n) =>
    h("a", { href: n.hash }, n.label)
  );
  const header = h(
    "header",
    { class: "top" },
    h("a", {
      class: "skip",
      href: "#main",
      onclick: (e: Event) => {
        e.preventDefault();
        main.focus();
      },
    }, "Skip to content"),
    h("p", { class: "brand" }, me.partner_name, h("span", { class: "muted" }, " · Partner console")),
    h("nav", { "aria-label": "Console" }, links),
    h(
      "p",
      { class: "who" },
      h("span", {}, me.email),
      " ",
      h("button", { type: "button", class: "btn ghost", onclick: () => api.signOut() }, "Sign out"),
    ),
  );
  root.removeAttribute("aria-busy");
  root.replaceChildren(header, main, status);
  let timer: number | undefined;
  const ctx: Ctx = {
    api,
    me,
    announce: (msg) => {
      status.textContent = "";
      clearTimeout(timer);
      timer = setTimeout(() => (status.textContent = msg), 50) as unknown as number;
    },
    go: (hash) => (location.hash = hash),
  };

  const route = async () => {
    const hash = location.hash || "#/leads";
    for (const a of links) {
      if (hash.startsWith(a.getAttribute("href")!)) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
    const lead = hash.match(/^#\/leads\/([0-9a-f-]{36})$/);
    const name = hash.split("/")[1]?.split("?")[0] ?? "leads";
    const view = lead
      ? () => leadView(ctx, lead[1])
      : name === "widget"
      ? () => widgetView(ctx)
      : name === "tokens" && isAdmin(ctx)
      ? () => tokensView(ctx)
      : name === "users"
      ? () => usersView(ctx)
      : name === "notifications"
      ? () => notificationsView(ctx)
      : () => leadsView(ctx);
    main.replaceChildren(h("p", { class: "muted" }, "Loading…"));
    main.setAttribute("aria-busy", "true");
    try {
      main.replaceChildren(await view());
    } catch (e) {
      const failure = pageFailure(e as ApiError, lead ? "lead" : "page");
      main.replaceChildren(
        h(
          "div",
          { class: "alert", role: "alert" },
          h("h1", {}, failure.title),
          h("p", {}, failure.detail),
          lead ? h("p", {}, h("a", { href: "#/leads" }, "← All leads")) : null,
        ),
      );
    }
    main.removeAttribute("aria-busy");
    const heading = main.querySelector("h1") as HTMLElement | null;
    if (heading) {
      heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      document.title = `${heading.textContent} · Partner console`;
    }
    document.body.dataset.view = lead ? "lead" : name;
  };
  api.onSignedOut = () => {
    removeEventListener("hashchange", route);
    showLogin();
  };
  addEventListener("hashchange", route);
  await route();
}

start();
