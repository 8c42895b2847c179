/** Lower case without Vietnamese diacritics, so "pho co" finds "Phở Cổ" and "dong da" finds "Đống Đa". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'd')
    .toLowerCase();
}

/**
 * Indices of the folded names that contain every word of the folded query, in any order (all of
 * them for an empty query): "pho dong da" finds "Phở Cổ – Đống Đa".
 */
export function matchIndices(folded: readonly string[], query: string): Int32Array {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) {
    const all = new Int32Array(folded.length);
    for (let i = 0; i < folded.length; i += 1) all[i] = i;
    return all;
  }
  const hits = new Int32Array(folded.length);
  let n = 0;
  const [first, ...rest] = words as [string, ...string[]];
  for (let i = 0; i < folded.length; i += 1) {
    const name = folded[i]!;
    if (name.includes(first) && rest.every((w) => name.includes(w))) hits[n++] = i;
  }
  return hits.subarray(0, n);
}
