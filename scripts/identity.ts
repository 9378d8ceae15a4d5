// `npm run identity -- <command>`: manage organisations, users and partner widget tokens of the embedded
// identity. DATABASE_URL, else the local stack's embedded PostgreSQL.
import { parseArgs } from "node:util";
import { connect } from "../shared/db/client.ts";
import {
  createOrganization,
  createUser,
  newWidgetToken,
  revokeRefreshToken,
  revokeSessions,
  setPassword,
  unlock,
} from "../shared/identity/admin.ts";
import { errorText } from "../shared/log.ts";

const usage = `Usage: npm run identity -- <command> [options]
  create-org   --name "Sunny Roofs" --slug sunny-roofs
  create-user  --email a@b.com --org sunny-roofs --role partner_admin|partner_user|technician [--name "A B"] [--password ...]
  set-password --email a@b.com --password ...
  widget-token --org sunny-roofs [--label "main site"]     prints a new non-rotating partner widget token
  revoke-token --token <refresh or widget token>
  revoke-sessions --email a@b.com                            signs the user out everywhere (ID tokens refused at once)
  unlock       --email a@b.com                            lifts the sign-in and invitation-link locks of the email`;

const options = {
  name: { type: "string" },
  slug: { type: "string" },
  email: { type: "string" },
  org: { type: "string" },
  role: { type: "string" },
  password: { type: "string" },
  label: { type: "string" },
  token: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;
function parsed() {
  try {
    return parseArgs({ args: Deno.args, allowPositionals: true, options });
  } catch (e) {
    // e.g. "Unknown option '--bogus'", then the usage; never a stack trace.
    console.error(`${(e as Error).message.split(". ")[0]}\n\n${usage}`);
    Deno.exit(2);
  }
}
const { positionals, values } = parsed();
if (values.help) {
  console.log(usage);
  Deno.exit(0);
}
const need = (k: Exclude<keyof typeof values, "help">) => {
  const v = values[k];
  if (!v) throw new Error(`--${k} is required\n\n${usage}`);
  return v as string;
};

const sql = connect(
  Deno.env.get("DATABASE_URL") ??
    `postgres://postgres:postgres@127.0.0.1:${Deno.env.get("EMBEDDED_PG_PORT") ?? 54322}/postgres`,
  { max: 1 },
);
try {
  switch (positionals[0]) {
    case "create-org":
      console.log(await createOrganization(sql, need("name"), need("slug")));
      break;
    case "create-user":
      console.log(
        await createUser(sql, {
          email: need("email"),
          orgSlug: need("org"),
          role: need("role"),
          fullName: values.name,
          password: values.password,
        }),
      );
      break;
    case "set-password":
      await setPassword(sql, need("email"), need("password"));
      console.log("Password set.");
      break;
    case "widget-token":
      console.log(await newWidgetToken(sql, need("org"), values.label));
      break;
    case "revoke-token":
      console.log(
        (await revokeRefreshToken(sql, need("token"))) ? "Revoked." : "No active token with that value.",
      );
      break;
    case "revoke-sessions":
      console.log(`Ended ${await revokeSessions(sql, need("email"))} session(s).`);
      break;
    case "unlock":
      console.log((await unlock(sql, need("email"))) ? "Unlocked." : "No such user.");
      break;
    default:
      console.log(usage);
      Deno.exitCode = positionals[0] ? 2 : 0;
  }
} catch (e) {
  console.error(errorText(e));
  Deno.exitCode = 1;
} finally {
  await sql.end();
}
