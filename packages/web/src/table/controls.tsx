// Turns the server's `legal` list into clicks: the state of a half-made choice, what a click on
// the board picks (pick.ts), the action panel's buttons (action-panel.tsx), and sending. No rules
// here: every choice offered is an element of `legal`.
// D12: a click on a choice sends it at once; what revealed nothing can be taken back with Undo
// (offered when `legal` holds `undo`). Only a misclick that is final and costly asks first, once:
// a capture, and ending the turn or activation with a main action left.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import type { Action, ActionType, Edge, Loc, View } from '@mindmgmt/engine';
import type { ClientAction } from '@mindmgmt/table';
import { useI18n } from '../i18n/lookup.js';
import { refusalText } from '../i18n/refusals.js';
import { refusalChapter } from '../rulebook/refusal-chapter.js';
import { actionPanel } from './action-panel.js';
import { asksFirst, undoTrail } from './choices.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { explainRefusal } from './explain.js';
import { ghostOf, type Ghost } from './ghost.js';
import { hintKey, label, LOC_FIELDS, pickFrom, same, type ClickRefusal, type Partial_ } from './pick.js';
import { UndoBar } from './UndoBar.js';
import { turnKey } from '@mindmgmt/table/client';

const strip = (a: Action): ClientAction => {
  const { seat: _seat, ...rest } = a;
  return rest as ClientAction;
};

export interface Controls {
  targets: Set<Loc>;
  selected: Loc | null;
  edgeTargets: Edge[];
  /** The action awaiting its confirmation, drawn on the board. */
  ghost: Ghost | null;
  /** The board tool in use (tests and styling read it). */
  tool: ActionType | null;
  /** Returns true when the click was used by the current tool. */
  onLoc: (l: Loc) => boolean;
  onEdge: (e: Edge) => void;
  panel: ReactElement | null;
  /** The Undo bar (shown under the board while the engine offers `undo`, D12). */
  stageBar: ReactElement | null;
  /** Why the last click could not be used, or null. */
  refusal: ClickRefusal | null;
  confirm: ReactElement | null;
}

export function useControls(view: View | null, legal: readonly Action[], act: (a: ClientAction) => void): Controls {
  const i18n = useI18n();
  const { t } = i18n;
  const [tool, setTool] = useState<ActionType | null>(null);
  const [partial, setPartial] = useState<Partial_>({});
  /** This seat's actions sent that can still be undone, latest last (the Undo bar names it). */
  const [trail, setTrail] = useState<readonly Action[]>([]);
  const lastSent = trail[trail.length - 1] ?? null;
  const [refusal, setRefusal] = useState<ClickRefusal | null>(null);
  const [asking, setAsking] = useState<{ text: string; action: Action } | null>(null);
  const [dolphin, setDolphin] = useState(false);
  const seq = view?.seq ?? -1;
  const key = turnKey(view);

  // a new position: forget half-made choices
  useEffect(() => {
    setPartial({});
    setAsking(null);
    setRefusal(null);
  }, [seq]);
  // a new turn: back to the default tool
  useEffect(() => {
    setTool(null);
  }, [key]);
  const canUndo = legal.some((a) => a.type === 'undo');
  const undoRef = useRef(canUndo);
  undoRef.current = canUndo;
  // nothing left to undo: forget what the Undo bar would name
  useEffect(() => {
    if (!undoRef.current) setTrail([]);
  }, [seq]);

  const pick = pickFrom(legal, tool, partial);
  const { current, slots, effPartial, effSlot, effCands, targets, edgeTargets } = pick;

  /** Sends an action; a capture or an early end asks once first (`asksFirst`). */
  const send = (a: Action, ask = true) => {
    if (ask && asksFirst(a, legal)) {
      const text =
        a.type === 'capture'
          ? t('c_capture', { loc: label(view?.agents.find((g) => g.id === view.activation?.agent)?.at ?? 0) })
          : t(a.type === 'endTurn' ? 'u_endTurnLeft' : 'u_endActivationLeft');
      setAsking({ text, action: a });
      return;
    }
    setPartial({});
    setRefusal(null);
    setTrail((x) => undoTrail(x, a));
    // what was taken back may have been played with another tool (a mind slip, Dusty's move):
    // the default tool again, or the next click would go to the tool of the action undone
    if (a.type === 'undo') setTool(null);
    act(strip(a));
  };
  /** A click on a choice: sent at once. */
  const plan = (a: Action) => send(a);

  const onLoc = (l: Loc): boolean => {
    if (!targets.has(l)) {
      if (!current || !effSlot || !LOC_FIELDS.has(effSlot) || !view) return false;
      // Not a legal choice. When the click completes an action, the engine in this page says why
      // (nothing is sent to learn it); otherwise say what is wanted.
      const last = !slots.some((x) => x !== effSlot && !(x in effPartial));
      const seat = typeof view.viewer === 'number' ? view.viewer : 0;
      const why = last
        ? explainRefusal(view, { ...effPartial, type: current, seat, [effSlot]: l } as unknown as Action)
        : null;
      setRefusal(
        why
          ? { text: t('refused', { reason: refusalText(i18n, why) }), chapter: refusalChapter(why) }
          : { text: t('refuseNotChoice', { loc: label(l), hint: t(hintKey(current, effSlot)) }), chapter: null },
      );
      return false;
    }
    const np = { ...effPartial, [effSlot!]: l };
    const rest = effCands.filter((a) => (a as Record<string, unknown>)[effSlot!] === l);
    const more = slots.find((x) => !(x in np));
    setRefusal(null);
    if (!more && rest.length >= 1) plan(rest[0]!);
    else setPartial(np);
    return true;
  };
  const onEdge = (e: Edge) => {
    const a = effCands.find((x) => x.type === 'placeMayhem' && same(x.between, e));
    if (a) plan(a);
  };

  const ghost = view && asking ? ghostOf(view, asking.action) : null;

  const panel =
    view && legal.length
      ? actionPanel({
          view,
          legal,
          i18n,
          pick,
          partial,
          dolphin,
          plan,
          chooseTool: (x) => {
            setTool(x);
            setPartial({});
            setRefusal(null);
          },
          setPartial,
          setDolphin,
          refuse: setRefusal,
        })
      : null;

  const confirm = asking ? (
    <ConfirmDialog
      text={asking.text}
      onConfirm={() => {
        const a = asking.action;
        setAsking(null);
        send(a, false);
      }}
      onCancel={() => setAsking(null)}
    />
  ) : null;

  const undo = legal.find((a) => a.type === 'undo');
  const stageBar = view && undo ? <UndoBar view={view} lastSent={lastSent} onUndo={() => send(undo)} /> : null;

  return {
    targets,
    selected: pick.selected,
    edgeTargets,
    ghost,
    tool: current,
    onLoc,
    onEdge,
    panel,
    stageBar,
    refusal,
    confirm,
  };
}
