// @ts-check
// Links into the analysis board, from any page that shows a game.

/**
 * The address of the analysis board at a position: the rules, the start
 * (the rules' own if absent), the moves from it, and the ply to show (the
 * last if absent).
 * @param {{rules: string, position?: string, moves?: string[], ply?: number}} at
 */
export function analysisUrl({
  rules, position, moves = [], ply,
}) {
  const query = new URLSearchParams({ rules });
  if (position) query.set('position', position);
  if (moves.length) query.set('moves', moves.join(''));
  if (ply !== undefined && ply !== moves.length) query.set('ply', String(ply));
  return `/analysis?${query}`;
}
