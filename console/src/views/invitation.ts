// Accepting an invitation (#/invitation/<token>, the link of the invitation email; the token stays in the
// fragment, never sent to a server or in a Referer): the invitee sees the organisation and role, chooses a
// password (or gives their existing account's), and is signed in to the organisation.
import { type Api, ApiError, svc } from "../api.ts";
import { field, h } from "../../../widget/src/dom.ts";

interface Invitation {
  partner_name: string;
  email: string;
  role: string;
  expires_at: string;
  account_exists: boolean;
}

const ROLES: Record<string, string> = { partner_admin: "an admin", partner_user: "a user" };

function page(...children: (HTMLElement | string)[]) {
  return h("main", { id: "main", class: "center" }, ...children);
}

export async function invitationView(api: Api, token: string, onSignedIn: () => void): Promise<HTMLElement> {
  let inv: Invitation;
  try {
    inv = (await api.publicCall<{ data: Invitation }>("POST", svc("/invitations/lookup"), { token })).data;
  } catch (e) {
    const code = e instanceof ApiError ? e.code : "";
    return page(
      h(
        "h1",
        {},
        code === "invitation_used" ? "Invitation already accepted" : "This invitation cannot be used",
      ),
      h(
        "div",
        { class: "alert", role: "alert" },
        code === "invalid_request"
          ? "This invitation link is not complete: open it again from the email."
          : (e as Error).message,
      ),
      h("p", {}, h("a", { href: "#/leads" }, "Go to sign in")),
    );
  }
  const name = field({ label: "Your name", name: "full_name", autocomplete: "name" });
  const password = field({
    label: inv.account_exists ? "Your current password" : "Choose a password",
    name: "password",
    type: "password",
    required: true,
    autocomplete: inv.account_exists ? "current-password" : "new-password",
    hint: inv.account_exists ? "You already have an account with this email." : "At least 10 characters.",
  });
  const email = h("input", {
    type: "email",
    name: "email",
    autocomplete: "username",
    value: inv.email,
    readonly: true,
    id: "invite-email",
  });
  const alert = h("div", { class: "alert", role: "alert", hidden: true });
  const submit = h("button", { class: "btn primary", type: "submit" }, "Join and sign in");
  const form = h(
    "form",
    { class: "card login", novalidate: true },
    alert,
    h("div", { class: "field" }, h("label", { for: "invite-email" }, "Email"), email),
    inv.account_exists ? "" : name.wrap,
    password.wrap,
    submit,
  );
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    alert.hidden = true;
    const pw = password.input.value;
    password.setError(
      pw.length >= (inv.account_exists ? 1 : 10)
        ? null
        : inv.account_exists
        ? "Enter your password."
        : "Use at least 10 characters.",
    );
    if (password.input.getAttribute("aria-invalid")) return password.input.focus();
    submit.disabled = true;
    try {
      await api.publicCall("POST", svc("/invitations/accept"), {
        token,
        full_name: name.input.value,
        password: pw,
      });
      await api.signIn(inv.email, pw);
      // The token leaves the address bar and the history entry.
      history.replaceState(null, "", "#/leads");
      onSignedIn();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : "";
      alert.textContent = code === "invalid_credentials"
        ? "That is not the password of this account."
        : (err as Error).message;
      alert.hidden = false;
      submit.disabled = false;
    }
  });
  return page(
    h("h1", {}, `Join ${inv.partner_name}`),
    h(
      "p",
      { class: "muted" },
      `You are invited as ${ROLES[inv.role] ?? inv.role} of ${inv.partner_name}'s partner console.`,
    ),
    form,
  );
}
