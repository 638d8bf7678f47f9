// Which conversation was open, kept in the address (`#session=<id>`) so a reload returns to it; the
// address is the window's own, so two windows or tabs each keep theirs.
const KEY = 'session';

function hashParams(): URLSearchParams | null {
  if (typeof window === 'undefined' || !window.location) return null;
  return new URLSearchParams(window.location.hash.replace(/^#/, ''));
}

export function rememberedSession(): string | null {
  const id = hashParams()?.get(KEY) ?? null;
  return id && /^[\w-]{1,200}$/.test(id) ? id : null;
}

export function rememberSession(id: string | null): void {
  const params = hashParams();
  if (!params || params.get(KEY) === id || (id === null && !params.has(KEY))) return;
  if (id) params.set(KEY, id);
  else params.delete(KEY);
  const hash = params.toString();
  // replaceState: switching conversations must not fill the back button's history.
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${hash ? `#${hash}` : ''}`);
}
