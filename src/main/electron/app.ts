// Desktop composition root (placeholder until the desktop host lands).
export function startDesktop(): void {}
