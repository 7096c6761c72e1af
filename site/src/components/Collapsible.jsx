import { useLayoutEffect, useRef } from 'react';

// animationDuration grows with the content's height so tall and short lists feel the same speed.
export function animationDuration(height) {
  const constant = height / 36;
  return Math.round((4 + 15 * constant ** 0.25 + constant / 5) * 10);
}

// Collapsible animates its height between 0 and its content's height (at once with reduced motion).
export default function Collapsible({ collapsed, children, as: Tag = 'ul', className }) {
  const ref = useRef(null);
  const first = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (first.current) {
      first.current = false;
      return;
    }
    // A reader who asked for less motion gets the end state at once.
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
      el.style.transition = '';
      el.style.height = collapsed ? '0px' : '';
      delete el.dataset.duration;
      return;
    }
    const height = el.scrollHeight;
    const ms = animationDuration(height);
    el.style.transition = `height ${ms}ms ease-in-out`;
    el.dataset.duration = String(ms);
    if (collapsed) {
      el.style.height = `${height}px`;
      requestAnimationFrame(() => {
        el.style.height = '0px';
      });
    } else {
      el.style.display = '';
      el.style.height = '0px';
      requestAnimationFrame(() => {
        el.style.height = `${height}px`;
      });
    }
    const done = setTimeout(() => {
      el.style.height = collapsed ? '0px' : '';
      el.style.transition = '';
    }, ms);
    return () => clearTimeout(done);
  }, [collapsed]);
  return (
    <Tag ref={ref} className={className} style={collapsed ? { height: 0, overflow: 'hidden', visibility: 'hidden' } : { overflow: 'hidden' }} aria-hidden={collapsed || undefined}>
      {children}
    </Tag>
  );
}
