// The command line at the table (lichess's blind mode is the model): type an action by name or a
// question about the board, press Enter; the answer is spoken in its own polite live region and
// stays on screen. What a line means is decided by commands.ts, over the engine's legal actions.
import { useEffect, useRef, useState } from 'react';
import type { Action, ClientAction, Loc, Notes, View } from '@mindmgmt/engine';
import type { Belief } from './deduction.js';
import { useI18n } from '../i18n/lookup.js';
import { runCommand } from './commands.js';
import './access.css';

export const COMMAND_ID = 'table-command';

export function CommandLine(p: {
  view: View;
  legal: readonly Action[];
  prompt: string;
  act: (a: ClientAction) => void;
  notes?: Notes;
  path?: readonly Loc[] | null;
  belief?: Belief | null;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const [line, setLine] = useState('');
  const [answer, setAnswer] = useState('');
  // an answer that repeats (the same refusal twice) must be spoken again: the region is emptied
  // for a frame first
  const [n, setN] = useState(0);
  const pending = useRef<Action | null>(null);
  // a new position cancels a question asked ("yes" only confirms what is still on offer)
  useEffect(() => {
    pending.current = null;
  }, [p.view.seq]);
  const submit = () => {
    const a = runCommand(line, {
      i18n,
      view: p.view,
      legal: p.legal,
      prompt: p.prompt,
      notes: p.notes,
      path: p.path,
      belief: p.belief,
      pending: pending.current,
    });
    pending.current = a.kind === 'confirm' ? a.action : null;
    setAnswer(a.say);
    setN((x) => x + 1);
    setLine('');
    if (a.kind === 'act') {
      const { seat: _seat, ...rest } = a.action;
      p.act(rest as ClientAction);
    }
  };
  return (
    <form
      className="command-line"
      aria-label={t('cmd_title')}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={COMMAND_ID}>{t('cmd_label')}</label>
      <input
        id={COMMAND_ID}
        type="text"
        value={line}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        enterKeyHint="send"
        aria-describedby="table-command-answer"
        placeholder={t('cmd_hint')}
        onChange={(e) => setLine(e.target.value)}
      />
      <output id="table-command-answer" className="command-answer" aria-live="polite" data-n={n}>
        {answer}
      </output>
    </form>
  );
}
