// A Handlebars environment whose compiled templates set themselves up once (issue 16, push7 pass).
//
// Each top-level call of a Handlebars template runs its `_setup`: a new object with every helper wrapped
// afresh, the merged partials and decorators, two null-prototype allow-lists (`createProtoAccessControl`),
// the hooks. For a call without options that work gives the same state every time, and it was the largest
// share of the garbage a push makes (three renders per push: subject, HTML, text). Here a template's setup
// runs on its first call without options and again only when something changed: a call with options (its
// state is then the caller's, so the next plain call sets up again), or a helper, partial or decorator
// registered or removed on the environment. Partial calls (`options.partial`) always go through Handlebars'
// own path. The output is Handlebars' own (tests/unit/notifications/handlebars_env_test.ts compares every
// email template with a plain environment's).
//
// Handlebars loads on first use (loadHandlebars): imported with the services, its evaluation was ≈25–40 ms of the
// CPU of the modules `npm start` loads beside initdb, for templates no request renders before the start is
// printed (docs/operations.md, "Local stack: margin16").
import type HandlebarsModule from "handlebars";

type Handlebars = typeof HandlebarsModule;
type Env = ReturnType<Handlebars["create"]>;
type Setup = (options: Record<string, unknown>) => void;

/** Templates compiled and full (non-partial) setups run, over every environment made here (for tests and profiles). */
export const handlebarsCounts = { compiled: 0, setups: 0 };

let handlebars: Handlebars | undefined;
let loading: Promise<Handlebars> | undefined;

/** Handlebars, imported once per process on the first call (a failed import is tried again on the next). */
export function loadHandlebars(): Promise<Handlebars> {
  return loading ??= import("handlebars").then(
    (m) => handlebars = m.default,
    (e) => {
      loading = undefined;
      throw e;
    },
  );
}

/** Whether loadHandlebars() has resolved: handlebarsEnv() may then be called. */
export const handlebarsLoaded = (): boolean => handlebars !== undefined;

/** A new environment; loadHandlebars() must have resolved before. */
export function handlebarsEnv(): Env {
  if (!handlebars) throw new Error("handlebarsEnv() before loadHandlebars() resolved");
  const env = handlebars.create();
  let generation = 0;
  for (
    const name of [
      "registerHelper",
      "unregisterHelper",
      "registerPartial",
      "unregisterPartial",
      "registerDecorator",
      "unregisterDecorator",
    ] as const
  ) {
    const original = env[name] as (...args: unknown[]) => unknown;
    (env as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      generation++;
      return original.apply(env, args);
    };
  }
  const template = env.template;
  env.template = ((spec: unknown) => {
    handlebarsCounts.compiled++;
    const t = (template as (s: unknown) => unknown)(spec) as { _setup: Setup };
    const setup = t._setup;
    let readyAt = -1; // the generation the last plain setup saw; -1: the state is not a plain call's
    t._setup = (options) => {
      const plain = !options.partial && Object.keys(options).length === 0;
      if (plain && readyAt === generation) return;
      if (!options.partial) handlebarsCounts.setups++;
      setup(options);
      readyAt = plain ? generation : -1;
    };
    return t;
  }) as unknown as Env["template"];
  return env;
}
