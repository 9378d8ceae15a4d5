import type { Platform } from "../platform.ts";
import { createApp as authenticator } from "../../supabase/functions/authenticator-service/app.ts";
import { createApp as utilityBill } from "../../supabase/functions/utility-bill-service/app.ts";
import { createApp as savingsInsight } from "../../supabase/functions/savings-insight-service/app.ts";
import { createApp as widget } from "../../supabase/functions/widget-service/app.ts";
import { createApp as appointment } from "../../supabase/functions/appointment-handling-service/app.ts";
import { createApp as contractApproval } from "../../supabase/functions/contract-approval-service/app.ts";
import { createApp as emailAgent } from "../../supabase/functions/email-agent/app.ts";
import { createApp as pdfGenerator } from "../../supabase/functions/pdf-generator-service/app.ts";
import { createApp as notification } from "../../supabase/functions/notification-service/app.ts";
import { createApp as partner } from "../../supabase/functions/partner-service/app.ts";

type Fetch = { fetch: (req: Request) => Response | Promise<Response> };

/** The nine services of SPEC.md and the partner console's partner-service, by path segment. */
export const serviceFactories: Record<string, (p: Platform) => Fetch> = {
  "authenticator-service": authenticator,
  "utility-bill-service": utilityBill,
  "savings-insight-service": savingsInsight,
  "widget-service": widget,
  "appointment-handling-service": appointment,
  "contract-approval-service": contractApproval,
  "email-agent": emailAgent,
  "pdf-generator-service": pdfGenerator,
  "notification-service": notification,
  "partner-service": partner,
};

export const serviceNames = Object.keys(serviceFactories);
