import { Address } from './Address';

/**
 * Parses the JSON array of addresses returned by `get_call_stack` / `get_owned_addresses`
 * (`["AU1…","AS1…"]`). Addresses are base58 and never contain quotes or escapes, so the strings
 * between double quotes are the addresses; whitespace and commas in between are ignored.
 */
export function parseAddressList(json: string): Array<Address> {
  const addresses = new Array<Address>();
  let i = json.indexOf('"');
  while (i >= 0) {
    const end = json.indexOf('"', i + 1);
    if (end < 0) throw new Error('malformed address list: ' + json);
    addresses.push(new Address(json.substring(i + 1, end)));
    i = json.indexOf('"', end + 1);
  }
  return addresses;
}
