// Wheel and pinch zoom of the board by narrowing the SVG viewBox; two fingers
// also pan. One finger keeps tapping locations, so a tap is never mistaken for a drag.
import { useEffect, useRef, useState, type RefObject } from 'react';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}
export const MAX_ZOOM = 3;

/** The box seen at zoom `z` around (cx, cy), kept inside the full board. */
export function zoomBox(full: Box, z: number, cx: number, cy: number): Box {
  const s = Math.min(MAX_ZOOM, Math.max(1, z));
  const w = full.w / s;
  const h = full.h / s;
  const x = Math.min(full.x + full.w - w, Math.max(full.x, cx - w / 2));
  const y = Math.min(full.y + full.h - h, Math.max(full.y, cy - h / 2));
  return { x, y, w, h };
}

export function useZoom(svg: RefObject<SVGSVGElement | null>, full: Box) {
  const [z, setZ] = useState({ s: 1, cx: full.x + full.w / 2, cy: full.y + full.h / 2 });
  const box = zoomBox(full, z.s, z.cx, z.cy);
  const boxRef = useRef(box);
  boxRef.current = box;

  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    /** Board coordinates of a point on the screen. */
    const at = (clientX: number, clientY: number) => {
      const r = el.getBoundingClientRect();
      const b = boxRef.current;
      return { x: b.x + ((clientX - r.left) / r.width) * b.w, y: b.y + ((clientY - r.top) / r.height) * b.h };
    };
    /** Zoom by `k` keeping the board point under (clientX, clientY) where it is. */
    const zoomAt = (k: number, clientX: number, clientY: number) => {
      const p = at(clientX, clientY);
      setZ((o) => {
        const s = Math.min(MAX_ZOOM, Math.max(1, o.s * k));
        const b = boxRef.current;
        const f = o.s / s;
        const cx = p.x + (b.x + b.w / 2 - p.x) * f;
        const cy = p.y + (b.y + b.h / 2 - p.y) * f;
        return { s, cx, cy };
      });
    };
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      zoomAt(Math.exp(-e.deltaY / 400), e.clientX, e.clientY);
    };
    const touches = new Map<number, { x: number; y: number }>();
    let last: { d: number; mx: number; my: number } | null = null;
    const pair = () => {
      const [a, b] = [...touches.values()];
      return { d: Math.hypot(a!.x - b!.x, a!.y - b!.y), mx: (a!.x + b!.x) / 2, my: (a!.y + b!.y) / 2 };
    };
    const down = (e: PointerEvent) => {
      if (e.pointerType === 'mouse') return;
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size === 2) last = pair();
    };
    const move = (e: PointerEvent) => {
      if (!touches.has(e.pointerId)) return;
      touches.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (touches.size !== 2 || !last) return;
      const now = pair();
      const r = el.getBoundingClientRect();
      const b = boxRef.current;
      const dx = ((now.mx - last.mx) / r.width) * b.w;
      const dy = ((now.my - last.my) / r.height) * b.h;
      setZ((o) => ({ ...o, cx: o.cx - dx, cy: o.cy - dy }));
      if (last.d > 0) zoomAt(now.d / last.d, now.mx, now.my);
      last = now;
    };
    const up = (e: PointerEvent) => {
      touches.delete(e.pointerId);
      if (touches.size < 2) last = null;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    };
  }, [svg]);

  const by = (k: number) => setZ((o) => ({ ...o, s: Math.min(MAX_ZOOM, Math.max(1, o.s * k)) }));
  return {
    viewBox: `${box.x} ${box.y} ${box.w} ${box.h}`,
    zoom: z.s,
    zoomIn: () => by(1.4),
    zoomOut: () => by(1 / 1.4),
    fit: () => setZ({ s: 1, cx: full.x + full.w / 2, cy: full.y + full.h / 2 }),
  };
}
