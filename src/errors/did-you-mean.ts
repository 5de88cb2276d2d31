/** Edit distance (insert, delete, substitute; each costs 1). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * The closest candidate to `input`, or undefined when nothing is within `limit` edits (default:
 * 40 % of the input's length, at least 2) to be a plausible typo. A case-insensitive exact match
 * always wins (`preToolUse` → `PreToolUse`); the input itself is never suggested back. The one
 * "did you mean" of every diagnostic: config keys, handler types, event names.
 */
export function didYouMean(
  input: string,
  candidates: readonly string[],
  limit = Math.max(2, Math.ceil(input.length * 0.4)),
): string | undefined {
  const lower = input.toLowerCase();
  const sameLetters = candidates.find(
    (candidate) => candidate !== input && candidate.toLowerCase() === lower,
  );
  if (sameLetters !== undefined) return sameLetters;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidate === input) continue;
    const distance = levenshtein(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}
