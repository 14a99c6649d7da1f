// Amounts are u64 nanoMAS (1 MAS = 10^9 nanoMAS) everywhere in the ABI.

export const NANO_PER_MAS: u64 = 1_000_000_000;

/** Whole MAS to nanoMAS; aborts if the result overflows u64. */
export function toNanoMas(mas: u64): u64 {
  if (mas > u64.MAX_VALUE / NANO_PER_MAS) throw new Error('toNanoMas: ' + mas.toString() + ' MAS overflows u64 nanoMAS');
  return mas * NANO_PER_MAS;
}

/** A decimal MAS amount (`"1"`, `"0.01"`, `"12.000000001"`) to nanoMAS; aborts on anything else. */
export function parseMas(text: string): u64 {
  const dot = text.indexOf('.');
  const whole = dot < 0 ? text : text.substring(0, dot);
  const fraction = dot < 0 ? '' : text.substring(dot + 1);
  if (whole.length == 0 || (dot >= 0 && fraction.length == 0) || fraction.length > 9) {
    throw new Error('parseMas: "' + text + '" is not a MAS amount with at most 9 decimals');
  }
  let units: u64 = 0;
  for (let i = 0; i < whole.length; i++) {
    const digit = <u64>whole.charCodeAt(i) - 0x30;
    if (digit > 9) throw new Error('parseMas: "' + text + '" is not a MAS amount with at most 9 decimals');
    if (units > (u64.MAX_VALUE - digit) / 10) throw new Error('parseMas: "' + text + '" overflows u64 nanoMAS');
    units = units * 10 + digit;
  }
  let nano: u64 = 0;
  for (let i = 0; i < 9; i++) {
    let digit: u64 = 0;
    if (i < fraction.length) {
      digit = <u64>fraction.charCodeAt(i) - 0x30;
      if (digit > 9) throw new Error('parseMas: "' + text + '" is not a MAS amount with at most 9 decimals');
    }
    nano = nano * 10 + digit;
  }
  if (units > (u64.MAX_VALUE - nano) / NANO_PER_MAS) throw new Error('parseMas: "' + text + '" overflows u64 nanoMAS');
  return units * NANO_PER_MAS + nano;
}

/** nanoMAS as a decimal MAS string without trailing zeros, the node's JSON form (`"0.01"`, `"100"`). */
export function formatMas(nanoMas: u64): string {
  const whole = (nanoMas / NANO_PER_MAS).toString();
  let fraction = nanoMas % NANO_PER_MAS;
  if (fraction == 0) return whole;
  let digits = fraction.toString().padStart(9, '0');
  let end = digits.length;
  while (digits.charCodeAt(end - 1) == 0x30) end--;
  return whole + '.' + digits.substring(0, end);
}
