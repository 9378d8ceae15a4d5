// A name a stranger typed that the platform writes into emails: the savings report's greeting and its "Prepared
// for" line (sent to whatever address the widget is given), the partner's new-lead email. A web or email address
// there made the partner-branded report a carrier for a spammer's or phisher's link to any inbox; nobody's name
// holds one (docs/security.md, fourth pass).
const LINK = /:\/\/|\bwww\.|@/i;

// A phone number (pass 15): seven or more digits with nothing but spaces, dots, dashes, slashes or parentheses between
// them, not glued to a letter. Phones and mail programs turn one into a "call" link; no name, street, unit or city
// holds one ("12345 67th Ave" is a house number and a street: the run ends at the ordinal). A ZIP+4 code (12345-6789)
// is not one.
const PHONE = /(?<![\p{L}\p{N}])(?!\d{5}-\d{4}(?![\p{L}\p{N}]))\+?\d(?:[\s().\/-]*\d){6,}(?![\p{L}\p{N}])/u;

/** True when `name` holds no web or email address (`://`, `www.`, `@`) and no phone number. */
export const linkFree = (name: string): boolean => !LINK.test(name) && !PHONE.test(name);

export const LINK_IN_NAME = "must be a name, without a web or email address or a phone number";

// The home's address is printed on the same partner-branded report (its cover and the PDF's subject) and in the
// booking confirmation email, both sent to whatever mailbox the widget is given: an address line such as "Claim your
// rebate at https://…" carried a stranger's link there as a name did (docs/security.md, pass 13). No street, unit or
// city holds `://`, `www.` or `@`.
export const LINK_IN_ADDRESS = "must be an address, without a web or email address or a phone number";

/** Whether a word reads as a domain name ("evil.example"), which mail clients turn into a link on their own. */
export const domainLike = (word: string): boolean => /[\p{L}\p{N}-]\.\p{L}{2,}/u.test(word);
