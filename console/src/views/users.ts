// The organisation's people: everyone sees the users and the pending invitations; a partner_admin invites by
// email (the invitee accepts through the emailed link), revokes an invitation, changes a role and removes a user
// (never themselves; the server also refuses to remove the last admin).
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

interface Invitation {
  id: string;
  email: string;
  role: string;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  expired: boolean;
}

const ROLES: Record<string, string> = { partner_admin: "Admin", partner_user: "User" };

function table(caption: string, columns: string[], body: HTMLElement) {
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "table cards" },
      h("caption", { class: "sr-only" }, caption),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          columns.map((c) => h("th", { scope: "col" }, c || h("span", { class: "sr-only" }, "Actions"))),
        ),
      ),
      body,
    ),
  );
}

export async function usersView(ctx: Ctx): Promise<HTMLElement> {
  const admin = isAdmin(ctx);
  const users = h("tbody");
  const invites = h("tbody");
  const alert = h("div", { class: "alert", role: "alert", hidden: true });
  const fail = (err: unknown) => {
    alert.textContent = (err as Error).message;
    alert.hidden = false;
  };
  const loadUsers = async () => {
    const { data } = await ctx.api.call<{ data: User[] }>("GET", svc("/users"));
    users.replaceChildren(...data.map((u) => {
      const id = uid("role");
      const self = u.id === ctx.me.user_id;
      const role = h("select", {
        id,
        "aria-label": `Role of ${u.email}`,
        disabled: !admin || self,
      }, Object.entries(ROLES).map(([v, l]) => h("option", { value: v }, l)));
      role.value = u.role;
      role.addEventListener("change", async () => {
        alert.hidden = true;
        try {
          await ctx.api.call("PATCH", svc(`/users/${u.id}`), { role: role.value });
          ctx.announce(`${u.email} is now ${ROLES[role.value]}`);
        } catch (err) {
          role.value = u.role;
          fail(err);
        }
      });
      const actions = h("td", { class: "row-actions", "data-label": "" });
      if (admin && !self) {
        actions.append(h("button", {
          class: "btn danger",
          type: "button",
          "aria-label": `Remove ${u.email}`,
          onclick: async () => {
            if (!confirm(`Remove ${u.email}? They are signed out and can no longer sign in.`)) return;
            alert.hidden = true;
            try {
              await ctx.api.call("DELETE", svc(`/users/${u.id}`));
              ctx.announce(`${u.email} removed`);
              await loadUsers();
            } catch (err) {
              fail(err);
            }
          },
        }, "Remove"));
      }
      return h(
        "tr",
        {},
        h(
          "td",
          { "data-label": "Name" },
          h("span", {}, u.full_name || "—", self ? h("span", { class: "muted" }, " (you)") : ""),
        ),
        h("td", { "data-label": "Email" }, u.email),
        h("td", { "data-label": "Role" }, role),
        h("td", { "data-label": "Added" }, dateTime(u.created_at)),
        actions,
      );
    }));
  };
  const loadInvites = async () => {
    const { data } = await ctx.api.call<{ data: Invitation[] }>("GET", svc("/invitations"));
    invites.replaceChildren(
      ...(data.length ? data : [null]).map((i) => {
        if (!i) return h("tr", {}, h("td", { class: "empty", colspan: "5" }, "No pending invitations."));
        const actions = h("td", { class: "row-actions", "data-label": "" });
        if (admin && i.expired) {
          actions.append(h("button", {
            class: "btn",
            type: "button",
            "aria-label": `Send the invitation of ${i.email} again`,
            onclick: async () => {
              alert.hidden = true;
              try {
                await ctx.api.call("POST", svc("/invitations"), { email: i.email, role: i.role });
                ctx.announce(`A new invitation was sent to ${i.email}`);
                await loadInvites();
              } catch (err) {
                fail(err);
              }
            },
          }, "Send again"));
        }
        if (admin) {
          actions.append(h("button", {
            class: "btn danger",
            type: "button",
            "aria-label": `Revoke the invitation of ${i.email}`,
            onclick: async () => {
              alert.hidden = true;
              try {
                await ctx.api.call("DELETE", svc(`/invitations/${i.id}`));
                ctx.announce(`Invitation of ${i.email} revoked: its link no longer works`);
                await loadInvites();
              } catch (err) {
                fail(err);
              }
            },
          }, "Revoke"));
        }
        return h(
          "tr",
          {},
          h("td", { "data-label": "Email" }, i.email),
          h("td", { "data-label": "Role" }, ROLES[i.role] ?? i.role),
          h("td", { "data-label": "Invited by" }, i.invited_by ?? "—"),
          h(
            "td",
            { "data-label": "Link" },
            i.expired
              ? h("span", { class: "tag warn" }, "Expired")
              : h("span", {}, `Valid until ${dateTime(i.expires_at)}`),
          ),
          actions,
        );
      }),
    );
  };

  const parts: HTMLElement[] = [];
  if (admin) {
    const email = field({
      label: "Email",
      name: "email",
      type: "email",
      required: true,
      autocomplete: "off",
    });
    const roleId = uid("new-role");
    const role = h(
      "select",
      { id: roleId },
      Object.entries(ROLES).reverse().map(([v, l]) => h("option", { value: v }, l)),
    );
    const formAlert = h("div", { class: "alert", role: "alert", hidden: true });
    const submit = h("button", { class: "btn primary", type: "submit" }, "Send invitation");
    const form = h(
      "form",
      { class: "card", novalidate: true, "aria-labelledby": "invite-heading" },
      h("h2", { id: "invite-heading" }, "Invite a colleague"),
      h(
        "p",
        { class: "muted" },
        "They get an email with a link that works once and expires in 7 days; they choose their own password.",
      ),
      formAlert,
      email.wrap,
      h("div", { class: "field" }, h("label", { for: roleId }, "Role"), role),
      submit,
    );
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      formAlert.hidden = true;
      const value = email.input.value.trim();
      email.setError(/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value) ? null : "Enter their email address.");
      if (email.input.getAttribute("aria-invalid")) return email.input.focus();
      submit.disabled = true;
      try {
        await ctx.api.call("POST", svc("/invitations"), { email: value, role: role.value });
        ctx.announce(`Invitation sent to ${value}`);
        form.reset();
        await loadInvites();
      } catch (err) {
        formAlert.textContent = (err as Error).message;
        formAlert.hidden = false;
      }
      submit.disabled = false;
    });
    parts.push(form);
  }
  await Promise.all([loadUsers(), loadInvites()]);
  return h(
    "section",
    { class: "stack" },
    h("h1", {}, "Users"),
    alert,
    table("People of your organization", ["Name", "Email", "Role", "Added", ""], users),
    ...parts,
    h("h2", {}, "Pending invitations"),
    table("Invitations not yet accepted", ["Email", "Role", "Invited by", "Link", ""], invites),
  );
}
