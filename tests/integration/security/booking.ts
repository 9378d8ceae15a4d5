// A widget or staff booking over HTTP (appointment-handling-service's create-appointment), for the booking tests.
export function bookingClient(baseUrl: string) {
  return async (
    who: { headers: Record<string, string> },
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${baseUrl}/appointment-handling-service/create-appointment`, {
      method: "POST",
      headers: { ...who.headers, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    return { status: res.status, json, code: json.error?.code as string | undefined };
  };
}
