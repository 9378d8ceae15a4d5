// A real IMAP server for tests: Debian's dovecot-imapd started in the foreground with a throw-away
// configuration on a loopback port (plaintext, one passwd-file user, Maildir under a temp folder).
import { ImapFlow } from "imapflow";
import { freePort } from "./helpers.ts";

export interface Dovecot {
  host: string;
  port: number;
  user: string;
  password: string;
  stop(): Promise<void>;
}

/** A plain IMAP client logged in to the test server (the tests append mail with it, as a sender's MTA would). */
export async function imapClient(d: Dovecot): Promise<ImapFlow> {
  const c = new ImapFlow({
    host: d.host,
    port: d.port,
    secure: false,
    auth: { user: d.user, pass: d.password },
    logger: false,
  });
  await c.connect();
  return c;
}

export async function startDovecot(): Promise<Dovecot> {
  const dir = await Deno.makeTempDir({ prefix: "dovecot-test-" });
  await Deno.chmod(dir, 0o755);
  const port = freePort();
  const user = "bills", password = "inbox-secret";
  const uid = 65534, gid = 65534; // nobody: dovecot refuses mail access as root
  await Deno.mkdir(`${dir}/home/${user}`, { recursive: true });
  await Deno.chown(`${dir}/home`, uid, gid);
  await Deno.chown(`${dir}/home/${user}`, uid, gid);
  await Deno.writeTextFile(
    `${dir}/passwd`,
    `${user}:{PLAIN}${password}:${uid}:${gid}::${dir}/home/${user}\n`,
  );
  await Deno.writeTextFile(
    `${dir}/dovecot.conf`,
    `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = ${uid}
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
`,
  );
  const child = new Deno.Command("/usr/sbin/dovecot", {
    args: ["-F", "-c", `${dir}/dovecot.conf`],
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      const c = await Deno.connect({ hostname: "127.0.0.1", port });
      c.close();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill("SIGTERM");
        const err = new TextDecoder().decode((await child.output()).stderr);
        const log = await Deno.readTextFile(`${dir}/dovecot.log`).catch(() => "");
        throw new Error(`dovecot did not start: ${err} ${log}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    host: "127.0.0.1",
    port,
    user,
    password,
    async stop() {
      child.kill("SIGTERM");
      await child.status;
      await child.stderr.cancel().catch(() => {});
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
