// Rules help (a simple rendering of docs/rules.md) and the first-time hint panel.
import { useEffect, useState, type ReactNode } from 'react';
import { useI18n } from './i18n.js';

function inline(s: string): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`|\[([^\]]+)\]\([^)]*\)/g;
  let last = 0;
  let m: RegExpExecArray | null;
  let k = 0;
  while ((m = re.exec(s))) {
    if (m.index > last) out.push(s.slice(last, m.index));
    if (m[1]) out.push(<b key={k++}>{m[1]}</b>);
    else if (m[2]) out.push(<i key={k++}>{m[2]}</i>);
    else if (m[3]) out.push(<code key={k++}>{m[3]}</code>);
    else out.push(m[4]);
    last = re.lastIndex;
  }
  out.push(s.slice(last));
  return out;
}

export function Markdown({ text }: { text: string }) {
  const lines = text.split('\n');
  const blocks: ReactNode[] = [];
  let i = 0;
  let k = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.startsWith('```')) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith('```')) body.push(lines[i++]!);
      i++;
      blocks.push(<pre key={k++}>{body.join('\n')}</pre>);
    } else if (/^#{1,4} /.test(line)) {
      const level = line.indexOf(' ');
      const text = line.slice(level + 1);
      const H = `h${Math.min(6, level + 1)}` as 'h2';
      blocks.push(<H key={k++}>{inline(text)}</H>);
      i++;
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      while (i < lines.length && lines[i]!.startsWith('|')) {
        const cells = lines[i]!.split('|')
          .slice(1, -1)
          .map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
        i++;
      }
      blocks.push(
        <div className="tablewrap" key={k++}>
          <table>
            <tbody>
              {rows.map((r, ri) => (
                <tr key={ri}>
                  {r.map((c, ci) => (ri === 0 ? <th key={ci}>{inline(c)}</th> : <td key={ci}>{inline(c)}</td>))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>,
      );
    } else if (/^\s*(-|\d+\.) /.test(line)) {
      const items: string[] = [];
      while (i < lines.length && (/^\s*(-|\d+\.) /.test(lines[i]!) || (/^\s{2,}\S/.test(lines[i]!) && items.length))) {
        const l = lines[i]!;
        if (/^\s*(-|\d+\.) /.test(l)) items.push(l.replace(/^\s*(-|\d+\.) /, ''));
        else items[items.length - 1] += ` ${l.trim()}`;
        i++;
      }
      blocks.push(
        <ul key={k++}>
          {items.map((it, j) => (
            <li key={j}>{inline(it)}</li>
          ))}
        </ul>,
      );
    } else if (line.trim() === '' || line.trim() === '---') i++;
    else {
      const para: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '' && !/^(#|\||```|\s*- |\s*\d+\. )/.test(lines[i]!))
        para.push(lines[i++]!.trim());
      blocks.push(<p key={k++}>{inline(para.join(' '))}</p>);
    }
  }
  return <>{blocks}</>;
}

export function RulesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useI18n();
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    void import('../../../docs/rules.md?raw').then((m) => setText(m.default));
  }, []);
  return (
    <div
      className="modal"
      role="dialog"
      aria-modal="true"
      aria-label={t('rules')}
      onKeyDown={(e) => e.key === 'Escape' && onClose()}
    >
      <div className="modal-box rules">
        <div className="modal-head">
          <h2>{t('rules')}</h2>
          <button onClick={onClose} autoFocus>
            {t('close')}
          </button>
        </div>
        {t('rulesNote') ? <p className="note-lang">{t('rulesNote')}</p> : null}
        {text === null ? <p>…</p> : <Markdown text={text} />}
      </div>
    </div>
  );
}

export function Hints({ role, onClose }: { role: 'recruiter' | 'agents' | 'spectator'; onClose: () => void }) {
  const { t, list } = useI18n();
  return (
    <section className="panel hints" aria-label={t('hintsTitle')}>
      <div className="panel-head">
        <h3>{t('hintsTitle')}</h3>
        <button className="link" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      <ol>
        {list(`hint_${role}`).map((h, i) => (
          <li key={i}>{h}</li>
        ))}
      </ol>
    </section>
  );
}
