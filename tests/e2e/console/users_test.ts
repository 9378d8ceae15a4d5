// Users of the organisation in Debian Chromium against the real local stack: the admin invites a colleague, the
// invitation email is read in the dev mailbox, its link opens the console's acceptance page, the colleague picks a
// password and lands in the console in the organisation with the invited role; the admin revokes another
// invitation and removes the colleague. axe on every screen; 1280 and 375 px screenshots.
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { withStackAndBrowser } from "../widget/with_stack.ts";
import type { Stack } from "../widget/stack.ts";
import { query, waitFor } from "../widget/helpers.ts";
import { ARTIFACTS, expectAccessible, knownPassword, nav, shot, signIn } from "./support.ts";

async function invitationMail(stack: Stack, to: string) {
  return await waitFor(
    `the invitation email to ${to}`,
    async () =>
      (await query<{ id: string; subject: string; text_body: string; html: string; from_address: string }>(
        stack,
        "select id, subject, text_body, html, from_address from mail.outbox where $1 = any(to_addresses) order by created_at desc",
        [to],
      ))[0],
  );
}

async function acceptPage(browser: Browser, url: string, width: number) {
  const ctx = await browser.newContext({
    viewport: { width, height: 900 },
    isMobile: width < 500,
    bypassCSP: true,
  });
  const page = await ctx.newPage();
  await page.goto(url);
  return page;
}

Deno.test({
  name:
    "partner console users: invite by email, accept from the emailed link, revoke, remove; 1280 and 375 px",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    await withStackAndBrowser({}, async (stack, browser) => {
      await knownPassword(stack);
      const page = await signIn(browser, stack, 1280);
      await nav(page, "Users").click();
      await page.getByRole("heading", { name: "Users", exact: true }).waitFor();
      await page.getByText("No pending invitations.").waitFor();

      // Invalid email: said at the field, nothing sent.
      await page.getByLabel("Email").fill("not-an-email");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await page.getByText("Enter their email address.").waitFor();

      await page.getByLabel("Email").fill("sam.rep@example.com");
      await page.getByLabel("Role", { exact: true }).selectOption("partner_user");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await page.getByRole("cell", { name: "sam.rep@example.com", exact: true }).waitFor();
      await page.getByLabel("Email").fill("other.person@example.com");
      await page.getByRole("button", { name: "Send invitation" }).click();
      await page.getByRole("cell", { name: "other.person@example.com", exact: true }).waitFor();
      await expectAccessible(page, "users 1280");
      await shot(page, "w1280-6-users");

      // The email, as read in the dev mailbox.
      const mail = await invitationMail(stack, "sam.rep@example.com");
      assert.equal(mail.from_address, `"Demo Solar Co" <notifications@mail.solar-platform.local>`);
      assert.match(mail.subject, /invited you to Demo Solar Co's partner console/);
      const link = mail.text_body.match(/(http\S+#\/invitation\/inv_[A-Za-z0-9_-]{43})/)![1];
      assert.ok(mail.html.includes(link), "the HTML and text carry the same link");
      assert.ok(link.startsWith(`${stack.url}/console/#/invitation/`), link);
      const mailPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await mailPage.goto(`${stack.url}/dev/mailbox/${mail.id}`);
      await mailPage.frameLocator("iframe").first().getByRole("link", { name: "Accept the invitation" })
        .waitFor();
      await mailPage.screenshot({
        path: new URL("w1280-mail-invitation.png", ARTIFACTS).pathname,
        fullPage: true,
      });
      await mailPage.close();
      for (const width of [375, 1280]) {
        const m = await browser.newPage({ viewport: { width, height: 800 } });
        await m.setContent(mail.html, { waitUntil: "load" });
        await expectAccessible(m, `invitation email ${width}`);
        await m.screenshot({
          path: new URL(`w${width}-mail-invitation-html.png`, ARTIFACTS).pathname,
          fullPage: true,
        });
        await m.close();
      }

      const desk = await acceptPage(browser, link, 1280);
      await desk.getByRole("heading", { name: "Join Demo Solar Co" }).waitFor();
      await expectAccessible(desk, "invitation 1280");
      await shot(desk, "w1280-7-invitation");
      await desk.context().close();

      // The colleague opens the link on a phone: a short password is refused, then they join and are signed in.
      const phone = await acceptPage(browser, link, 375);
      await phone.getByRole("heading", { name: "Join Demo Solar Co" }).waitFor();
      assert.equal(await phone.getByLabel("Email").inputValue(), "sam.rep@example.com");
      await expectAccessible(phone, "invitation 375");
      await shot(phone, "w375-7-invitation");
      await phone.getByLabel("Your name").fill("Sam Rep");
      await phone.getByLabel("Choose a password").fill("short");
      await phone.getByRole("button", { name: "Join and sign in" }).click();
      await phone.getByText("Use at least 10 characters.").waitFor();
      await phone.getByLabel("Choose a password").fill("sam's long password");
      await phone.getByRole("button", { name: "Join and sign in" }).click();
      await phone.getByRole("heading", { name: "Leads" }).waitFor();
      assert.ok(!phone.url().includes("inv_"), "the token left the address bar");
      assert.ok(await phone.getByText("sam.rep@example.com").first().isVisible());
      // A partner_user: no token management in the navigation, no invitation form.
      assert.equal(await nav(phone, "Widget tokens").count(), 0);
      await nav(phone, "Users").click();
      await phone.getByRole("heading", { name: "Users", exact: true }).waitFor();
      assert.equal(await phone.getByRole("button", { name: "Send invitation" }).count(), 0);
      await expectAccessible(phone, "users 375 (partner_user)");
      await shot(phone, "w375-6-users");
      const [sam] = await query<{ role: string; organization_id: string }>(
        stack,
        "select role, organization_id from public.users where email = 'sam.rep@example.com'",
      );
      const [demoOrg] = await query<{ organization_id: string }>(
        stack,
        "select organization_id from public.users where email = 'admin@demo-solar.test'",
      );
      assert.deepEqual([sam.role, sam.organization_id], ["partner_user", demoOrg.organization_id]);
      await phone.context().close();

      // The used link cannot be used again.
      const again = await acceptPage(browser, link, 1280);
      await again.getByRole("heading", { name: "Invitation already accepted" }).waitFor();
      await expectAccessible(again, "used invitation");
      await again.context().close();

      // The admin: the accepted invitation left the pending list; revoke the other one, remove Sam.
      await page.reload();
      await page.getByRole("heading", { name: "Users", exact: true }).waitFor();
      await page.getByRole("cell", { name: "sam.rep@example.com", exact: true }).waitFor();
      assert.equal(
        await page.getByRole("button", { name: "Revoke the invitation of sam.rep@example.com" }).count(),
        0,
      );
      // An expired invitation is sent again (a new link; the old one stops working).
      await query(
        stack,
        "update public.partner_invitations set created_at = now() - interval '8 days', expires_at = now() - interval '1 day' where email = 'other.person@example.com'",
      );
      await page.reload();
      await page.getByText("Expired").waitFor();
      await page.getByRole("button", { name: "Send the invitation of other.person@example.com again" })
        .click();
      await page.getByText("A new invitation was sent to other.person@example.com").waitFor();
      await waitFor(
        "the second invitation email",
        async () =>
          (await query(
            stack,
            "select 1 from mail.outbox where 'other.person@example.com' = any(to_addresses)",
          ))
            .length === 2,
      );
      assert.equal(await page.getByText("Expired").count(), 0);
      const otherLink = (await invitationMail(stack, "other.person@example.com")).text_body.match(
        /(http\S+#\/invitation\/inv_[A-Za-z0-9_-]{43})/,
      )![1];
      await page.getByRole("button", { name: "Revoke the invitation of other.person@example.com" }).click();
      await page.getByText("No pending invitations.").waitFor();
      const revoked = await acceptPage(browser, otherLink, 1280);
      await revoked.getByRole("heading", { name: "This invitation cannot be used" }).waitFor();
      await revoked.context().close();
      page.once("dialog", (d) => d.accept());
      await page.getByRole("button", { name: "Remove sam.rep@example.com" }).click();
      await waitFor(
        "Sam removed",
        async () =>
          (await query(stack, "select 1 from public.users where email = 'sam.rep@example.com'")).length === 0,
      );
      assert.equal(
        await page.getByRole("button", { name: "Remove admin@demo-solar.test" }).count(),
        0,
        "not oneself",
      );
      await shot(page, "w1280-6-users-after");
      await page.context().close();

      const small = await signIn(browser, stack, 375);
      await nav(small, "Users").click();
      await small.getByRole("heading", { name: "Users", exact: true }).waitFor();
      await expectAccessible(small, "users 375 (admin)");
      await shot(small, "w375-6-users-admin");
      await small.context().close();
      const wide = await acceptPage(browser, `${stack.url}/console/#/invitation/inv_${"A".repeat(43)}`, 1280);
      await wide.getByRole("heading", { name: "This invitation cannot be used" }).waitFor();
      await shot(wide, "w1280-7-invitation-invalid");
      await wide.context().close();
    });
  },
});
