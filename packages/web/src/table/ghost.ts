// What a planned (not yet confirmed) action looks like on the board: a piece drawn faintly where
// it would go, with a dashed line from where it is. Built from the action and the viewer's own view.
import type { Action, AgentId, Edge, Loc, View } from '@mindmgmt/engine';

export type Ghost =
  | { kind: 'agent'; agent: AgentId; from: Loc | null; to: Loc }
  | { kind: 'immortal'; from: Loc | null; to: Loc }
  | { kind: 'recruiter'; from: Loc | null; to: Loc }
  | { kind: 'stepToken'; at: Loc }
  | { kind: 'mindSlipToken'; at: Loc }
  | { kind: 'edge'; between: Edge }
  /** An action taken where the active agent stands (ask, reveal, capture…). */
  | { kind: 'here'; at: Loc };

export function ghostOf(view: View, a: Action): Ghost | null {
  const active = view.activation ? view.agents.find((g) => g.id === view.activation!.agent) : undefined;
  const path = view.recruiter?.path ?? [];
  const current = path.length ? path[path.length - 1]! : null;
  switch (a.type) {
    case 'placeMayhem':
      return { kind: 'edge', between: a.between };
    case 'chooseStart':
      return { kind: 'recruiter', from: null, to: a.at };
    case 'step':
    case 'mindSlip':
      return { kind: 'recruiter', from: current, to: a.to };
    case 'placeImmortal':
      return { kind: 'immortal', from: null, to: a.at };
    case 'moveImmortal':
    case 'extraImmortalMove':
    case 'nudge':
      return { kind: 'immortal', from: a.from, to: a.to };
    case 'push':
      return { kind: 'immortal', from: view.activation?.pushFrom ?? active?.at ?? null, to: a.to };
    case 'placeAgent':
      return { kind: 'agent', agent: a.agent, from: null, to: a.at };
    case 'move':
      return active ? { kind: 'agent', agent: active.id, from: active.at, to: a.to } : null;
    case 'dustyMove': {
      const g = view.agents.find((x) => x.id === a.agent);
      return { kind: 'agent', agent: a.agent, from: g?.at ?? null, to: a.to };
    }
    case 'answerAsk':
      return a.at === null ? null : { kind: 'stepToken', at: a.at };
    case 'placeMindSlip':
      return { kind: 'mindSlipToken', at: a.at };
    case 'activate': {
      const g = view.agents.find((x) => x.id === a.agent);
      return g?.at != null ? { kind: 'here', at: g.at } : null;
    }
    case 'ask':
    case 'reveal':
    case 'shakedown':
    case 'capture':
    case 'scan':
      return active?.at != null ? { kind: 'here', at: active.at } : null;
    default:
      return null;
  }
}
