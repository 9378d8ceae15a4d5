import { svc } from "../api.ts";
import { field, h, uid } from "../../../widget/src/dom.ts";
import { type Ctx, dateTime, isAdmin } from "../context.ts";

interface User {
  id: string;
  email: string;
  full_name: string;
  role: string;
  created_at: string;
}

const ROLES: Record<string, string> = { partner_admin: "Admin", partner_user: "User" };

export async function usersView(ctx: Ctx): Promise<HTMLElement> {
  const admin = isAdmin(ctx);
  const body = h("tbody");
  const load = async () => {
    const { data } = await ctx.api.call<{ data: User[] }>("GET", svc("/users"));
    body.replaceChildren(...data.map((u) => {
      const id = uid("role");
      const role = h("select", {
        id,
        "aria-label": `Role of ${u.email}`,
        disabled: !admin || u.id === ctx.me.user_id,
      }, Object.entries(ROLES).map(([v, l]) => h("option", { value: v }, l)));
      role.value = u.role;
      role.addEventListener("change", async () => {
        await ctx.api.call("PATCH", svc(`/users/${u.id}`), { role: role.value });
        ctx.announce(`${u.email} is now ${ROLES[role.value]}`);
      });
      return h(
        "tr",
        {},
        h("td", {}, u.full_name || "—"),
        h("td", {}, u.email),
        h("td", {}, role),
        h("td", {}, dateTime(u.created_at)),
      );
    }));
  };
  const parts: HTMLElement[] = [];
  if (admin) {
    const name = field({ label: "Full name", name: "full_name", autocomplete: "off" });
    const email = field({
      label: "Email",
      name: "email",
      type: "email",
      required: true,
      autocomplete: "off",
    });
    const password = field({
      label: "First password",
      name: "password",
      type: "password",
      required: true,
      autocomplete: "new-password",
      hint: "At least 10 characters; share it with them securely.",
    });
    const roleId = uid("new-role");
    const role = h(
      "select",
      { id: roleId },
      Object.entries(ROLES).reverse().map(([v, l]) => h("option", { value: v }, l)),
    );
    const alert = h("div", { class: "alert", role: "alert", hidden: true });
    const form = h(
      "form",
      { class: "card", novalidate: true },
      h("h2", {}, "Add a colleague"),
      alert,
      name.wrap,
      email.wrap,
      password.wrap,
      h("div", { class: "field" }, h("label", { for: roleId }, "Role"), role),
      h("button", { class: "btn primary", type: "submit" }, "Add user"),
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      alert.hidden = true;
      try {
        await ctx.api.call("POST", svc("/users"), {
          full_name: name.input.value,
          email: email.input.value,
          password: password.input.value,
          role: role.value,
        });
        ctx.announce(`${email.input.value} added`);
        form.reset();
        await load();
      } catch (err) {
        alert.textContent = (err as Error).message;
        alert.hidden = false;
      }
    });
    parts.push(form);
  }
  await load();
  return h(
    "section",
    {},
    h("h1", {}, "Users"),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "table" },
        h("caption", { class: "sr-only" }, "People of your organisation"),
        h(
          "thead",
          {},
          h("tr", {}, ["Name", "Email", "Role", "Added"].map((c) => h("th", { scope: "col" }, c))),
        ),
        body,
      ),
    ),
    ...parts,
  );
}
