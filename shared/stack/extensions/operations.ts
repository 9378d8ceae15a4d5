import type { StackExtension } from "../extension.ts";

export const extension: StackExtension = { name: "operations" };
