// Loads fontkit so that its classes inherit their static methods under Deno.
//
// fontkit's bundle links each class to its parent with Babel's loose helper, `Child.__proto__ = Parent`. Under Deno
// (and the Supabase Edge Runtime's Deno) that assignment does not set the prototype; it only adds an own
// property and the child loses the parent's static methods: the Arabic shaper's `plan` (inherited from the default
// shaper) is then undefined and any document with Arabic text fails to render. The accessor is lent to functions
// only, only while the module evaluates (its classes are linked then), and taken back at once.
import type Fontkit from "@pdf-lib/fontkit";

let loading: Promise<typeof Fontkit> | undefined;

/** Whether `child.__proto__ = parent` sets a function's prototype here (Deno's accessor only adds a property). */
export function protoAssignmentWorks(): boolean {
  const parent = function () {}, child = function () {};
  (child as { __proto__?: unknown }).__proto__ = parent;
  return Object.getPrototypeOf(child) === parent;
}

/** fontkit, evaluated with a temporary `Function.prototype.__proto__` setter where the runtime has none. */
export function loadFontkit(): Promise<typeof Fontkit> {
  return loading ??= (async () => {
    const lent = !protoAssignmentWorks();
    if (lent) {
      Object.defineProperty(Function.prototype, "__proto__", {
        configurable: true,
        get(this: unknown) {
          return Object.getPrototypeOf(this);
        },
        set(this: unknown, parent: unknown) {
          if (typeof parent === "function" || parent === null) Object.setPrototypeOf(this, parent);
        },
      });
    }
    try {
      return (await import("@pdf-lib/fontkit")).default;
    } finally {
      if (lent) delete (Function.prototype as { __proto__?: unknown }).__proto__;
    }
  })();
}
