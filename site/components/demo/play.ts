// Replaces a demo's poster button with the player, sandboxed: scripts and its own origin (the players need both),
// fullscreen and popups for "watch on" links, nothing else (no top navigation, no forms).
export function playDemo(button: HTMLButtonElement): void {
  const { src, title } = button.dataset;
  if (!src) return;
  const frame = document.createElement('iframe');
  frame.src = src;
  frame.title = title ?? 'Product demo';
  frame.className = 'w-full h-full';
  frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-presentation allow-popups');
  frame.allow = 'autoplay; encrypted-media; picture-in-picture; fullscreen';
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  frame.dataset.testid = 'demo-iframe';
  button.replaceWith(frame);
  frame.focus();
}
