// The player's rulebook (loaded on demand): contents that jump, search over the text of the
// current language, chapters with diagrams, and the glossary. Default export for React.lazy.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Lang } from '../i18n/lookup.js';
import { CHAPTERS, CHAPTER_TITLES, RULEBOOK_TITLE, rulebookLink, type ChapterId } from './chapters.js';
import type { Block, RulebookText } from './content.js';
import { Diagram } from './Diagram.js';
import { GLOSSARY } from './glossary.js';
import { Modal } from '../ui/Modal.js';
import './rulebook.css';

const LOAD: Record<Lang, () => Promise<{ default: RulebookText }>> = {
  en: () => import('./text-en.js'),
  zh: () => import('./text-zh.js'),
  ja: () => import('./text-ja.js'),
};

function blockText(b: Block): string {
  if ('p' in b) return b.p;
  if ('list' in b) return b.list.join('\n');
  if ('steps' in b) return b.steps.join('\n');
  if ('diagram' in b) return b.caption;
  return b.text;
}

function chapterText(text: RulebookText, lang: Lang, id: ChapterId): string {
  const words = id === 'words' ? GLOSSARY.map((t) => `${t.en} ${t.zh} ${t.ja}`) : [];
  return [CHAPTER_TITLES[id][lang], ...text.chapters[id].map(blockText), ...words].join('\n');
}

/** The sentence around the first match, for the result list. */
function snippet(full: string, q: string): { before: string; hit: string; after: string } {
  const i = full.toLowerCase().indexOf(q.toLowerCase());
  const start = Math.max(0, i - 40);
  return {
    before: (start > 0 ? '…' : '') + full.slice(start, i).replace(/\n/g, ' '),
    hit: full.slice(i, i + q.length),
    after: full.slice(i + q.length, i + q.length + 60).replace(/\n/g, ' ') + '…',
  };
}

function Mark({ text, q }: { text: string; q: string }): ReactNode {
  if (!q) return text;
  const parts: ReactNode[] = [];
  const low = text.toLowerCase();
  const ql = q.toLowerCase();
  let last = 0;
  for (let i = low.indexOf(ql); i >= 0; i = low.indexOf(ql, i + ql.length)) {
    parts.push(text.slice(last, i), <mark key={i}>{text.slice(i, i + q.length)}</mark>);
    last = i + q.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

function Link({ id, lang, go }: { id: ChapterId; lang: Lang; go: (c: ChapterId) => void }) {
  return (
    <a
      href={rulebookLink(id)}
      data-chapter={id}
      onClick={(e) => {
        e.preventDefault();
        go(id);
      }}
    >
      {CHAPTER_TITLES[id][lang]}
    </a>
  );
}

function BlockView({ b, lang, q, go }: { b: Block; lang: Lang; q: string; go: (c: ChapterId) => void }) {
  if ('p' in b)
    return (
      <p>
        <Mark text={b.p} q={q} />
      </p>
    );
  if ('list' in b || 'steps' in b) {
    const items = 'list' in b ? b.list : b.steps;
    const inner = items.map((s, i) => (
      <li key={i}>
        <Mark text={s} q={q} />
      </li>
    ));
    return 'list' in b ? <ul>{inner}</ul> : <ol>{inner}</ol>;
  }
  if ('diagram' in b) return <Diagram id={b.diagram} caption={b.caption} />;
  return (
    <p className="rb-see">
      <Mark text={b.text} q={q} />{' '}
      {b.see.map((c, i) => (
        <span key={c}>
          {i ? ' · ' : ''}
          <Link id={c} lang={lang} go={go} />
        </span>
      ))}
    </p>
  );
}

function Words() {
  return (
    <div className="rb-words">
      <table>
        <thead>
          <tr>
            <th scope="col">English</th>
            <th scope="col" lang="zh-CN">
              中文
            </th>
            <th scope="col" lang="ja">
              日本語
            </th>
          </tr>
        </thead>
        <tbody>
          {GLOSSARY.map((t) => (
            <tr key={t.id}>
              <td>{t.en}</td>
              <td lang="zh-CN">{t.zh}</td>
              <td lang="ja">{t.ja}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function Rulebook({
  lang,
  chapter,
  jump,
  onClose,
}: {
  lang: Lang;
  chapter: ChapterId;
  /** Changes each time a chapter is requested, so asking for the same chapter again scrolls back to it. */
  jump: number;
  onClose: () => void;
}) {
  const [text, setText] = useState<{ lang: Lang; t: RulebookText } | null>(null);
  const [q, setQ] = useState('');
  const [current, setCurrent] = useState<ChapterId>(chapter);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    void LOAD[lang]().then((m) => live && setText({ lang, t: m.default }));
    return () => {
      live = false;
    };
  }, [lang]);

  const go = (c: ChapterId) => {
    setCurrent(c);
    const h = body.current?.querySelector<HTMLElement>(`#rb-${c} h2`);
    h?.scrollIntoView({ block: 'start' });
    h?.focus({ preventScroll: true });
  };

  // Jump to the requested chapter once its text is on the page.
  useEffect(() => {
    if (text) go(chapter);
  }, [text !== null, chapter, jump]);

  // New search words: show the results, which sit above the chapters.
  useEffect(() => {
    if (q.trim()) body.current?.scrollTo({ top: 0 });
  }, [q]);

  const t = text?.t;
  const results = useMemo(() => {
    const query = q.trim();
    if (!t || !query) return null;
    return CHAPTERS.map((id) => ({ id, full: chapterText(t, lang, id) }))
      .filter((r) => r.full.toLowerCase().includes(query.toLowerCase()))
      .map((r) => ({ id: r.id, snip: snippet(r.full, query) }));
  }, [t, q, lang]);

  const title = RULEBOOK_TITLE[lang];
  return (
    <Modal
      className="rb-modal"
      boxClass="modal-box rulebook"
      label={title}
      onClose={onClose}
      lang={lang === 'zh' ? 'zh-CN' : lang}
    >
      <div className="rb-head">
        <h1>{title}</h1>
        <input
          type="search"
          className="rb-search"
          placeholder={t?.ui.search ?? ''}
          aria-label={t?.ui.search ?? title}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <button onClick={onClose} autoFocus>
          {t?.ui.close ?? '×'}
        </button>
      </div>
      {!t ? (
        <p aria-busy="true">…</p>
      ) : (
        <div className="rb-main">
          <nav className="rb-toc" aria-label={t.ui.contents}>
            <h2 className="rb-toc-title">{t.ui.contents}</h2>
            <ol>
              {CHAPTERS.map((id) => (
                <li key={id} aria-current={id === current ? 'true' : undefined}>
                  <Link id={id} lang={lang} go={go} />
                </li>
              ))}
            </ol>
          </nav>
          <div className="rb-body" ref={body}>
            {results ? (
              <section className="rb-results" aria-live="polite">
                <p>{results.length ? t.ui.matches.replace('{n}', String(results.length)) : t.ui.noMatch}</p>
                <ul>
                  {results.map((r) => (
                    <li key={r.id}>
                      <Link id={r.id} lang={lang} go={go} />
                      <div className="rb-snip">
                        {r.snip.before}
                        <mark>{r.snip.hit}</mark>
                        {r.snip.after}
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {CHAPTERS.map((id) => (
              <section key={id} id={`rb-${id}`} className="rb-chapter" data-chapter={id}>
                <h2 tabIndex={-1}>
                  <Mark text={CHAPTER_TITLES[id][lang]} q={q.trim()} />
                </h2>
                {t.chapters[id].map((b, i) => (
                  <BlockView key={i} b={b} lang={lang} q={q.trim()} go={go} />
                ))}
                {id === 'words' ? <Words /> : null}
              </section>
            ))}
          </div>
        </div>
      )}
    </Modal>
  );
}
