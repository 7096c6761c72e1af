import { useEffect, useId, useRef, useState } from 'react';

// Dropdown is a button that opens a list of links. Escape closes it and gives focus back to the
// button; a click outside or tabbing out of it closes it too.
export default function Dropdown({ label, icon, children, align = 'right' }) {
  const [open, setOpen] = useState(false);
  const ref = useRef(null);
  const button = useRef(null);
  const id = useId();
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e) => {
      if (ref.current && !ref.current.contains(e.target)) setOpen(false);
    };
    const onKey = (e) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      if (ref.current && ref.current.contains(document.activeElement)) button.current.focus();
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const onBlur = (e) => {
    if (open && e.relatedTarget && ref.current && !ref.current.contains(e.relatedTarget)) setOpen(false);
  };
  return (
    <div className={`dropdown dropdown-${align}${open ? ' open' : ''}`} ref={ref} onBlur={onBlur}>
      <button ref={button} type="button" className="navbar-link dropdown-toggle" aria-haspopup="true" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {icon}
        {label}
      </button>
      <ul className="dropdown-menu" id={id} onClick={() => setOpen(false)}>
        {children}
      </ul>
    </div>
  );
}
