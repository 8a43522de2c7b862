// The time left before the deadline, beside the prompt.
import { useEffect, useState } from 'react';

export function Countdown({ at }: { at: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  const s = Math.max(0, Math.round((at - now) / 1000));
  return (
    <span className={`countdown${s < 15 ? ' low' : ''}`} aria-label="timer">
      ⏱ {Math.floor(s / 60)}:{String(s % 60).padStart(2, '0')}
    </span>
  );
}
