// Tabs shows one of its <TabItem> children at a time, as the WAI-ARIA tabs pattern: a tablist of
// buttons (arrow keys, Home and End move between them), every panel in the HTML (hidden but
// the chosen one), so the page reads and is searchable without JavaScript. Tabs with the same
// groupId choose together, on the page and in other tabs, and remember the choice
// (localStorage "docusaurus.tab.<groupId>"); queryString puts the choice in the address.
import './theme.css';
import { Children, isValidElement, cloneElement, useCallback, useEffect, useId, useRef, useState } from 'react';
import { storageSlot } from '../../storage.js';

const groupEvent = 'docsd:tab-group';

function tabValues(children, values) {
  const items = Children.toArray(children).filter(isValidElement);
  return items.map((item, i) => {
    const value = item.props.value ?? (values && values[i] && values[i].value) ?? String(i);
    const fromValues = values && values.find((v) => v.value === value);
    return { value, label: item.props.label ?? (fromValues && fromValues.label) ?? value, item, isDefault: !!item.props.default };
  });
}

function queryKey(queryString, groupId) {
  if (!queryString) return null;
  return typeof queryString === 'string' ? queryString : groupId || null;
}

export default function Tabs({ children, groupId, queryString, defaultValue, values, className, lazy = false }) {
  const tabs = tabValues(children, values);
  const initial = defaultValue ?? (tabs.find((t) => t.isDefault) || tabs[0] || {}).value;
  const [selected, setSelected] = useState(initial);
  const id = useId();
  const buttons = useRef([]);
  const known = useCallback((v) => v != null && tabs.some((t) => t.value === v), [tabs]);
  const qKey = queryKey(queryString, groupId);

  // After hydration (the server rendered the default): the address, then the remembered group
  // choice, win.
  useEffect(() => {
    const fromQuery = qKey ? new URLSearchParams(window.location.search).get(qKey) : null;
    const fromGroup = groupId ? storageSlot(`docusaurus.tab.${groupId}`).get() : null;
    const want = known(fromQuery) ? fromQuery : known(fromGroup) ? fromGroup : null;
    if (want != null) setSelected(want);
    if (!groupId) return undefined;
    const onGroup = (event) => {
      if (event.detail.groupId === groupId && known(event.detail.value)) setSelected(event.detail.value);
    };
    window.addEventListener(groupEvent, onGroup);
    const unlisten = storageSlot(`docusaurus.tab.${groupId}`).listen((v) => known(v) && setSelected(v));
    return () => {
      window.removeEventListener(groupEvent, onGroup);
      unlisten();
    };
    // The group and query keys are what matter; tabs' identity changes each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [groupId, qKey]);

  const choose = (value) => {
    setSelected(value);
    if (groupId) {
      storageSlot(`docusaurus.tab.${groupId}`).set(value);
      window.dispatchEvent(new CustomEvent(groupEvent, { detail: { groupId, value } }));
    }
    if (qKey) {
      const url = new URL(window.location.href);
      url.searchParams.set(qKey, value);
      window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    }
  };
  const onKeyDown = (event, i) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons.current[next]?.focus();
    choose(tabs[next].value);
  };
  const current = known(selected) ? selected : initial;
  return (
    <div className={className ? `tabs-container ${className}` : 'tabs-container'}>
      <div role="tablist" aria-orientation="horizontal" className="tabs">
        {tabs.map((t, i) => (
          <button
            key={t.value}
            ref={(el) => (buttons.current[i] = el)}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-controls={`${id}-panel-${i}`}
            aria-selected={t.value === current}
            tabIndex={t.value === current ? 0 : -1}
            className={t.value === current ? 'tab tab-active' : 'tab'}
            onClick={() => choose(t.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t, i) =>
        lazy && t.value !== current
          ? null
          : cloneElement(t.item, { key: t.value, id: `${id}-panel-${i}`, labelledBy: `${id}-tab-${i}`, hidden: t.value !== current }),
      )}
    </div>
  );
}
