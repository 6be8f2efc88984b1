/**
 * Who is calling: resolved from the bearer token on every API request (plugins/auth.ts), then handed to services as a
 * plain argument. It lives below every server layer because the plugins, the route guards and every module's
 * services all name it (docs/decisions/026-layers.md).
 */
export interface Actor {
  userId: string;
  sessionId: string;
  roles: string[];
}

/** An operator acting in the back office: the request id goes into every audit record they cause. */
export interface Operator extends Actor {
  requestId: string;
}
