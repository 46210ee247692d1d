/**
 * Turkish national ID number (T.C. Kimlik No): 11 digits, not starting with 0, the 10th and 11th
 * digits being checksums of the ones before them. Catches most typing mistakes before they are saved.
 */
export function isValidTckn(text: string): boolean {
  return /^[1-9]\d{10}$/.test(text) && completeTckn(text.slice(0, 9)) === text;
}

/** The T.C. kimlik number whose first nine digits are these: the two checksums appended. */
export function completeTckn(firstNine: string): string {
  if (!/^[1-9]\d{8}$/.test(firstNine)) throw new Error('TCKN: 0 ile başlamayan dokuz rakam gerekir.');
  const d = [...firstNine].map(Number);
  const odd = d[0]! + d[2]! + d[4]! + d[6]! + d[8]!;
  const even = d[1]! + d[3]! + d[5]! + d[7]!;
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  const eleventh = (d.reduce((sum, digit) => sum + digit, 0) + tenth) % 10;
  return `${firstNine}${tenth}${eleventh}`;
}
