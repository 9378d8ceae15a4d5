// The optional phone of a contact (the widget's contact step and the API's ContactInput): empty, or a number a
// partner can call back. "123" passed the API's pattern (digits and punctuation) and reached the partner's lead
// (QA pass 7).

/** True for an empty field or a phone number with an area code: 10 digits (11 with the US "1"), up to 15 abroad. */
export function phoneOk(text: string): boolean {
  const v = text.trim();
  if (!v) return true;
  if (!/^[+()\d\s.-]+$/.test(v)) return false;
  const digits = v.replace(/\D/g, "");
  return digits.length >= 10 && digits.length <= 15;
}
