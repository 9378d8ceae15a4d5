import type { StackExtension } from "../extension.ts";
import { extension as foundation } from "./foundation.ts";
import { extension as notifications } from "./notifications.ts";
import { extension as bills } from "./bills.ts";
import { extension as savings } from "./savings.ts";
import { extension as widget } from "./widget.ts";
import { extension as operations } from "./operations.ts";
import { extension as partner } from "./partner.ts";

export const extensions: StackExtension[] = [
  foundation,
  notifications,
  bills,
  savings,
  widget,
  operations,
  partner,
];
