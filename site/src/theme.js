// Colour mode (SPEC §4): light, dark, or system when nothing is stored. The choice lives in local
// storage under "theme"; an inline script in <head> applies it before the first paint (pkg/render).
import { useCallback, useEffect, useState } from 'react';
import { storageSlot } from './storage.js';

export const themeStorage = storageSlot('theme');

function systemMode() {
  return window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function apply(choice) {
  const mode = choice === 'system' ? systemMode() : choice;
  document.documentElement.setAttribute('data-theme', mode);
  document.documentElement.setAttribute('data-theme-choice', choice);
}

// nextChoice is the toggle's cycle: light → dark → system when the system preference is respected,
// otherwise light ⇄ dark.
export function nextChoice(choice, mode, respectSystem) {
  if (!respectSystem) return mode === 'dark' ? 'light' : 'dark';
  if (choice === 'light') return 'dark';
  if (choice === 'dark') return 'system';
  return 'light';
}

export function useColorMode(respectSystem) {
  // The server cannot know the stored choice: render the default first (system, or light when the
  // system preference is not respected), then read the stored choice after hydration.
  const [choice, setChoice] = useState(respectSystem ? 'system' : 'light');
  useEffect(() => {
    const stored = themeStorage.get();
    setChoice(stored === 'light' || stored === 'dark' ? stored : respectSystem ? 'system' : 'light');
    return themeStorage.listen((value) => {
      // Another tab cleared the choice: back to the default, which is never "system" here when the
      // system preference is not respected. (A page's setColorMode, @docusaurus/theme-common's,
      // tells the toggle so too.)
      const next = value === 'light' || value === 'dark' ? value : respectSystem ? 'system' : 'light';
      setChoice(next);
      apply(next);
    });
  }, [respectSystem]);
  useEffect(() => {
    if (choice !== 'system' || !window.matchMedia) return undefined;
    const mq = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => apply('system');
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [choice]);
  const toggle = useCallback(() => {
    const mode = document.documentElement.getAttribute('data-theme') || 'light';
    const next = nextChoice(choice, mode, respectSystem);
    if (next === 'system') themeStorage.del();
    else themeStorage.set(next);
    setChoice(next);
    apply(next);
  }, [choice, respectSystem]);
  return { choice, toggle };
}
