// Strings of casual and rated tables and provisional ratings.
export const RATING_EN = {
  rt_label: 'Rating',
  rt_rated: 'Rated',
  rt_casual: 'Casual (not rated)',
  rt_note: "A game that ends before the rogue agents' first turn is never rated.",
  rt_casualTable: 'Casual table: no rating moves.',
  rt_provisional: 'Provisional: not enough rated games yet for a settled rating.',
  rt_boardProvisional: 'Provisional ratings (deviation above {rd}), marked "?" on profiles, are not listed.',
  // a bot level in the lobby's choice, with where it stands on the players' scale (docs/bots.md)
  rt_level: '{level} (rated about {rating})',
};
