// Which seat controls which agent (R32, D9) and who is expected to act.
import { AGENTS, type AgentId, RECRUITER_SEAT, type Seat } from '../model/pieces.js';
import type { GameState } from '../model/state.js';

/** D9: agent cards shared out in rulebook order; at 3 agent seats Dusty is shared by all. */
export function agentControllers(agentSeats: number, agent: AgentId): Seat[] {
  const i = AGENTS.indexOf(agent);
  switch (agentSeats) {
    case 1:
      return [1];
    case 2:
      return [i < 2 ? 1 : 2];
    case 3:
      return i < 3 ? [i + 1] : [1, 2, 3];
    default:
      return [i + 1];
  }
}

export function controls(agentSeats: number, seat: Seat, agent: AgentId): boolean {
  return agentControllers(agentSeats, agent).includes(seat);
}

export function agentsOfSeat(agentSeats: number, seat: Seat): AgentId[] {
  return AGENTS.filter((a) => controls(agentSeats, seat, a));
}

export function isAgentSeat(s: GameState, seat: Seat): boolean {
  return Number.isInteger(seat) && seat >= 1 && seat <= s.agentSeats;
}

export function isSeat(s: GameState, seat: Seat): boolean {
  return seat === RECRUITER_SEAT || isAgentSeat(s, seat);
}

export function allAgentSeats(s: GameState): Seat[] {
  return Array.from({ length: s.agentSeats }, (_, i) => i + 1);
}

/** R5: mayhem is placed by the recruiter first, then the seats in order, cycling. */
export function mayhemSeat(s: GameState): Seat {
  return s.mayhem.length % (s.agentSeats + 1);
}

/** The seats the game waits on now (any one of them may act). */
export function expectedSeats(s: GameState): Seat[] {
  switch (s.phase) {
    case 'over':
      return [];
    case 'mayhem':
      return [mayhemSeat(s)];
    case 'recruiterCard':
    case 'start':
    case 'setupSteps':
    case 'immortals':
    case 'recruiterTurn':
    case 'answerAsk':
      return [RECRUITER_SEAT];
    case 'agents': {
      const seats = new Set<Seat>();
      AGENTS.forEach((a, i) => {
        if (s.agents[i] === null) for (const seat of agentControllers(s.agentSeats, a)) seats.add(seat);
      });
      return [...seats].sort((a, b) => a - b);
    }
    case 'mindSlipToken':
      return allAgentSeats(s);
    case 'agentsTurn': {
      if (s.activation) return agentControllers(s.agentSeats, s.activation.agent);
      const seats = new Set<Seat>();
      AGENTS.forEach((a, i) => {
        if (!s.activated[i]) for (const seat of agentControllers(s.agentSeats, a)) seats.add(seat);
      });
      return [...seats].sort((a, b) => a - b);
    }
  }
}
