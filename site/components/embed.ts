// Turns a tool's videoUrl into an address an <iframe> can embed (YouTube, Vimeo, Loom, Wistia), or null.
const YOUTUBE_ID = /^[\w-]{11}$/;

export function videoEmbedUrl(videoUrl: string | null | undefined): string | null {
  if (!videoUrl) return null;
  let url: URL;
  try {
    url = new URL(videoUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);

  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id = url.searchParams.get('v') ?? (['embed', 'shorts', 'live', 'v'].includes(parts[0]) ? parts[1] : undefined);
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === 'youtu.be') {
    return parts[0] && YOUTUBE_ID.test(parts[0]) ? `https://www.youtube-nocookie.com/embed/${parts[0]}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = parts.find((p) => /^\d+$/.test(p));
    return id ? `https://player.vimeo.com/video/${id}` : null;
  }
  if (host === 'loom.com' && (parts[0] === 'share' || parts[0] === 'embed') && parts[1]) {
    return `https://www.loom.com/embed/${encodeURIComponent(parts[1])}`;
  }
  if (host.endsWith('wistia.com') && parts[0] === 'medias' && parts[1]) {
    return `https://fast.wistia.net/embed/iframe/${encodeURIComponent(parts[1])}`;
  }
  // Any other https page that an editor chose as the demo: embed it as it is.
  return url.protocol === 'https:' ? url.toString() : null;
}
