import { type Api, ApiError } from "../api.ts";
import { field, h } from "../../../widget/src/dom.ts";

export function loginView(api: Api, onSignedIn: () => void, message?: string): HTMLElement {
  const email = field({
    label: "Email",
    name: "email",
    type: "email",
    autocomplete: "username",
    required: true,
  });
  const password = field({
    label: "Password",
    name: "password",
    type: "password",
    autocomplete: "current-password",
    required: true,
  });
  const alert = h("div", { class: "alert", role: "alert", hidden: !message }, message ?? "");
  const submit = h("button", { class: "btn primary", type: "submit" }, "Sign in");
  const form = h("form", { class: "card login", novalidate: true }, alert, email.wrap, password.wrap, submit);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    email.setError(email.input.value.includes("@") ? null : "Enter your email address.");
    password.setError(password.input.value ? null : "Enter your password.");
    if (!email.input.value.includes("@")) return email.input.focus();
    if (!password.input.value) return password.input.focus();
    submit.disabled = true;
    alert.hidden = true;
    try {
      await api.signIn(email.input.value.trim(), password.input.value);
      onSignedIn();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : "";
      alert.textContent = code === "invalid_credentials"
        ? "The email or password is not right."
        : code === "account_locked"
        ? "Too many attempts: this account is locked for a while."
        : (err as Error).message;
      alert.hidden = false;
      submit.disabled = false;
    }
  });
  return h(
    "main",
    { id: "main", class: "center" },
    h("h1", {}, "Partner console"),
    h("p", { class: "muted" }, "Sign in to see your leads and set up your widget."),
    form,
  );
}
