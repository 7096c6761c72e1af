// One small module for browser storage (SPEC §7): get, set, delete and listen on a key. Storage can
// be missing or throw (sandboxed iframes, private windows, strict privacy settings); then every
// operation does nothing and one console warning says why, so the page keeps working.

const warned = new Set();

function warn(op, key, error) {
  const id = `${op}:${key}`;
  if (warned.has(id)) return;
  warned.add(id);
  console.warn(`Browser storage is unavailable, so "${key}" cannot be ${op}. ${error ? String(error) : ''}`.trim());
}

function backend(persistence) {
  if (typeof window === 'undefined') return null;
  try {
    return persistence === 'sessionStorage' ? window.sessionStorage : window.localStorage;
  } catch (error) {
    warn('used', persistence, error);
    return null;
  }
}

// storageSlot returns the operations for one key. The key namespace suffix is empty by default.
export function storageSlot(key, { persistence = 'localStorage', namespace = '' } = {}) {
  const fullKey = `${key}${namespace}`;
  return {
    get() {
      const store = backend(persistence);
      if (!store) return null;
      try {
        return store.getItem(fullKey);
      } catch (error) {
        warn('read', fullKey, error);
        return null;
      }
    },
    set(value) {
      const store = backend(persistence);
      if (!store) return;
      try {
        store.setItem(fullKey, value);
      } catch (error) {
        warn('written', fullKey, error);
      }
    },
    del() {
      const store = backend(persistence);
      if (!store) return;
      try {
        store.removeItem(fullKey);
      } catch (error) {
        warn('deleted', fullKey, error);
      }
    },
    // listen calls onChange(newValue) when another tab changes the key; it returns the unsubscribe.
    listen(onChange) {
      if (typeof window === 'undefined') return () => {};
      try {
        const handler = (event) => {
          if (event.key === fullKey) onChange(event.newValue);
        };
        window.addEventListener('storage', handler);
        return () => window.removeEventListener('storage', handler);
      } catch (error) {
        warn('listened to', fullKey, error);
        return () => {};
      }
    },
  };
}
