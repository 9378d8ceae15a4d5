// A name a stranger typed that the platform writes into emails: the savings report's greeting and its "Prepared
// for" line (sent to whatever address the widget is given), the partner's new-lead email. A web or email address
// there made the partner-branded report a carrier for a spammer's or phisher's link to any inbox; nobody's name
// holds one (docs/security.md, fourth pass).
const LINK = /:\/\/|\bwww\.|@/i;

/** True when `name` holds no web or email address (`://`, `www.`, `@`). */
export const linkFree = (name: string): boolean => !LINK.test(name);

export const LINK_IN_NAME = "must be a name, without a web or email address";

/** Whether a word reads as a domain name ("evil.example"), which mail clients turn into a link on their own. */
export const domainLike = (word: string): boolean => /[\p{L}\p{N}-]\.\p{L}{2,}/u.test(word);
