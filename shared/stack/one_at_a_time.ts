// The local stack's esbuild builds (the widget's, the partner console's) started side by side can hang: each
// runs after the one before it has finished, whoever asks first (the start's afterHealthy hooks or a request).
let tail: Promise<unknown> = Promise.resolve();

/** Runs `fn` once every earlier call's work has settled; its result (or failure) is the caller's alone. */
export function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const run = tail.then(fn, fn);
  tail = run.catch(() => {});
  return run;
}
