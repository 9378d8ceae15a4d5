// A local double of Supabase Auth's token endpoint (POST /auth/v1/token?grant_type=password|refresh_token) and its
// sign-out (POST /auth/v1/logout?scope=local with an access token: that session's refresh tokens end, 204),
// answering in GoTrue's wire format: a session object, or {code, error_code, msg} errors.
import { serveApp, type Served } from "../support/http.ts";

export interface GoTrueDouble extends Served {
  calls: { grant: string; body: Record<string, string>; apikey: string | null }[];
}

export function startGoTrueDouble(users: Record<string, string>, anonKey: string): GoTrueDouble {
  const calls: GoTrueDouble["calls"] = [];
  const live = new Map<string, { email: string; sid: string }>(); // refresh token -> its user and session
  const used = new Set<string>();
  const session = (email: string, sid: string = crypto.randomUUID()) => {
    const refresh = crypto.randomUUID().replaceAll("-", "").slice(0, 12);
    live.set(refresh, { email, sid });
    return {
      access_token: `header.${btoa(JSON.stringify({ email, session_id: sid }))}.sig`,
      token_type: "bearer",
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      refresh_token: refresh,
      user: { id: crypto.randomUUID(), email },
    };
  };
  const err = (status: number, error_code: string, msg: string) =>
    Response.json({ code: status, error_code, msg }, { status });
  const served = serveApp(async (req) => {
    const url = new URL(req.url);
    if (url.pathname === "/auth/v1/logout" && req.method === "POST") {
      calls.push({
        grant: `logout:${url.searchParams.get("scope") ?? "global"}`,
        body: {},
        apikey: req.headers.get("apikey"),
      });
      const bearer = req.headers.get("authorization")?.match(/^Bearer [^.]+\.([^.]+)\./)?.[1];
      let sid: string | undefined;
      try {
        sid = bearer ? JSON.parse(atob(bearer)).session_id : undefined;
      } catch { /* not one of ours */ }
      if (!sid) return err(401, "no_authorization", "This endpoint requires a Bearer token");
      for (const [refresh, s] of live) if (s.sid === sid) live.delete(refresh);
      return new Response(null, { status: 204 });
    }
    if (url.pathname !== "/auth/v1/token" || req.method !== "POST") return err(404, "not_found", "Not found");
    const apikey = req.headers.get("apikey");
    const body = await req.json();
    const grant = url.searchParams.get("grant_type") ?? "";
    calls.push({ grant, body, apikey });
    if (apikey !== anonKey) return Response.json({ message: "Invalid API key" }, { status: 401 });
    if (grant === "password") {
      if (users[body.email] !== body.password) {
        return err(400, "invalid_credentials", "Invalid login credentials");
      }
      return Response.json(session(body.email));
    }
    if (grant === "refresh_token") {
      if (used.has(body.refresh_token)) {
        return err(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");
      }
      const known = live.get(body.refresh_token);
      if (!known) {
        return err(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
      }
      used.add(body.refresh_token);
      live.delete(body.refresh_token);
      return Response.json(session(known.email, known.sid));
    }
    return err(400, "validation_failed", "Unsupported grant type");
  });
  return Object.assign(served, { calls });
}
