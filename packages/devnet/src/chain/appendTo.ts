/** Appends `id` to `key`'s list in place (O(1) per id): the node's lists of what each address created. */
export function appendTo(map: Map<string, string[]>, key: string, id: string): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
