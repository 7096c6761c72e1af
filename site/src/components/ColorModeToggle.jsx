import { useColorMode } from '../theme.js';

const labels = { light: 'light mode', dark: 'dark mode', system: 'system mode' };

export default function ColorModeToggle({ respectSystem = true }) {
  const { choice, toggle } = useColorMode(respectSystem);
  return (
    <button
      type="button"
      className="icon-button color-mode-toggle"
      onClick={toggle}
      title={`Switch between dark and light mode (currently ${labels[choice]})`}
      aria-label={`Switch between dark and light mode (currently ${labels[choice]})`}
      data-choice={choice}
    >
      <svg className="icon-light" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="12" cy="12" r="5" fill="currentColor" />
        <path d="M12 1v3M12 20v3M1 12h3M20 12h3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" stroke="currentColor" strokeWidth="2" />
      </svg>
      <svg className="icon-dark" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
      </svg>
      <svg className="icon-system" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <rect x="2" y="4" width="20" height="13" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8 21h8M12 17v4" stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}
