// Glicko-2 ratings, after Mark Glickman, "Example of the Glicko-2 system" (2022 revision,
// http://www.glicko.net/glicko/glicko2.pdf). Steps 1-8 of the paper are `updateRating`; the paper's
// worked example is the unit test. A small module instead of an npm package: the packages on the
// registry are untyped, unmaintained or pull in a whole rating framework for 60 lines of arithmetic.
//
// How we use it (docs/players.md):
// - One rating per role (recruiter, agents) per player: a player's recruiter rating only ever
//   meets agent ratings and vice versa.
// - A rating period is ONE finished game. Glickman recommends 10-15 games per period; with
//   games that can sit for days and players who play a few games a month, per-game periods are the
//   only ones that give feedback after a game. The volatility step keeps this stable (tau = 0.5).
// - RD does not grow with idle time (no clock in here); a new player starts at 1500 / 350 / 0.06.
// - Team games: the agents' side is 1-4 people. The recruiter is rated against ONE composite
//   opponent (mean of the agents' mu, RD = root mean square of their phi); each agent is rated
//   against the recruiter alone, as if they had played the game by themselves. So a win moves
//   every agent as much as a solo win would; the recruiter's change does not depend on how many
//   people shared the other side, only on how strong they were on average.
// - Participants marked `fixed` count as opponents but never change (a bot's profile once its
//   rating has settled).

/** Glicko-1 scale factor between the public scale (1500/350) and the internal one (0/2.01). */
export const SCALE = 173.7178;
/** System constant: how much volatility may change per period (paper: 0.3-1.2; example: 0.5). */
export const TAU = 0.5;
/** Convergence tolerance of the volatility iteration (step 5, paper value). */
const EPSILON = 0.000001;

export interface Rating {
  /** Public scale, 1500 = an average new player. */
  readonly rating: number;
  /** Rating deviation, public scale. */
  readonly rd: number;
  /** Volatility. */
  readonly vol: number;
}

export const NEW_RATING: Rating = { rating: 1500, rd: 350, vol: 0.06 };

/** One game of a rating period: the opponent's rating before the period and our score (1, 0.5, 0). */
export interface Outcome {
  readonly opponent: Rating;
  readonly score: number;
}

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** Step 3's expected score on the public scale, against an opponent rated `opponent` +- `opponentRd`
 * (the bots' level ratings are fitted with it, so they sit on the players' scale). */
export function expectedScore(rating: number, opponent: number, opponentRd = 0): number {
  return expected((rating - 1500) / SCALE, (opponent - 1500) / SCALE, opponentRd / SCALE);
}

/** Steps 2-8: a player's rating after one rating period. No games: only RD grows (step 6). */
export function updateRating(player: Rating, outcomes: readonly Outcome[], tau = TAU): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.rd / SCALE;
  const sigma = player.vol;
  if (!outcomes.length) return { rating: player.rating, rd: Math.sqrt(phi * phi + sigma * sigma) * SCALE, vol: sigma };

  // Step 3: estimated variance v; step 4: estimated improvement delta.
  let vInv = 0;
  let sum = 0;
  for (const o of outcomes) {
    const muJ = (o.opponent.rating - 1500) / SCALE;
    const gJ = g(o.opponent.rd / SCALE);
    const e = expected(mu, muJ, o.opponent.rd / SCALE);
    vInv += gJ * gJ * e * (1 - e);
    sum += gJ * (o.score - e);
  }
  const v = 1 / vInv;
  const delta = v * sum;

  // Step 5: new volatility by the Illinois variant of regula falsi.
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  const sigmaNew = Math.exp(A / 2);

  // Steps 6-8.
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return { rating: muNew * SCALE + 1500, rd: phiNew * SCALE, vol: sigmaNew };
}

/** The agents' side as one opponent: mean mu, RD the root mean square of the members' RDs. */
export function composite(team: readonly Rating[]): Rating {
  if (!team.length) throw new RangeError('a side needs at least one member');
  const n = team.length;
  return {
    rating: team.reduce((s, r) => s + r.rating, 0) / n,
    rd: Math.sqrt(team.reduce((s, r) => s + r.rd * r.rd, 0) / n),
    vol: team.reduce((s, r) => s + r.vol, 0) / n,
  };
}

export interface Rated {
  readonly rating: Rating;
  /** Counts as an opponent, never changes (e.g. a bot's settled profile). */
  readonly fixed?: boolean;
}

export interface GameRatings {
  readonly recruiter: Rating;
  readonly agents: readonly Rating[];
}

/**
 * One finished game = one rating period. `recruiterWon` is the result from the recruiter's side
 * (Mind MGMT has no draws). Returns every participant's new rating, agents in the given order.
 */
export function rateGame(recruiter: Rated, agents: readonly Rated[], recruiterWon: boolean): GameRatings {
  if (agents.length < 1 || agents.length > 4) throw new RangeError('the agents side has 1-4 members');
  const team = composite(agents.map((a) => a.rating));
  const rs = recruiterWon ? 1 : 0;
  return {
    recruiter: recruiter.fixed ? recruiter.rating : updateRating(recruiter.rating, [{ opponent: team, score: rs }]),
    agents: agents.map((a) =>
      a.fixed ? a.rating : updateRating(a.rating, [{ opponent: recruiter.rating, score: 1 - rs }]),
    ),
  };
}
