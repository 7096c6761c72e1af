import { useEffect, useId, useRef, useState } from 'react';

// Dropdown is a button that opens a list of links; Escape or a click outside closes it.
export default function Dropdown({ label, icon, children, align = 'right' }) {
  const [open, setOpen] = useState(false);
  const ref = useRef(null);
  const id = useId();
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e) => {
      if (ref.current && !ref.current.contains(e.target)) setOpen(false);
    };
    const onKey = (e) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className={`dropdown dropdown-${align}${open ? ' open' : ''}`} ref={ref}>
      <button type="button" className="navbar-link dropdown-toggle" aria-haspopup="true" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {icon}
        {label}
      </button>
      <ul className="dropdown-menu" id={id} onClick={() => setOpen(false)}>
        {children}
      </ul>
    </div>
  );
}
