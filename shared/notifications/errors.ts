/** A push that can never succeed (bad input, unknown records): logged as failed and acknowledged with 200. */
export class PermanentPushError extends Error {}
