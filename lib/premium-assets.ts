// What a premium listing may carry beyond the free fields (issue 12 B): screenshots, a demo video from YouTube or Vimeo,
// a logo, a brand colour and a cover image; the rules shared by the forms, the API and the tool page.

/** Screenshots an owner may give a premium tool. */
export const MAX_SCREENSHOTS = 6;

/** The change-request fields only a premium tool may ask for. */
const PREMIUM_ASSET_FIELDS = ['screenshots', 'videoUrl', 'logoUrl', 'brandColor', 'coverImage'] as const;

/** Whether a change request's data asks for any premium asset. */
export const hasPremiumAssets = (changes: object): boolean => PREMIUM_ASSET_FIELDS.some((field) => field in changes);

/** What an owner uploads for a premium tool; each kind is re-encoded to its own size. */
export const TOOL_IMAGE_KINDS = ['screenshot', 'logo', 'cover'] as const;
export type ToolImageKind = (typeof TOOL_IMAGE_KINDS)[number];

/** Where an image uploaded by an owner is served: a fresh random name per upload, re-encoded to WebP. */
export const TOOL_IMAGE_PATH = /^\/uploads\/tools\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/**
 * An image of ours a tool may point at: an owner's upload, a submitted logo, or the demo data's pictures. Only
 * these folders, only these names: no '..', no query, nothing the uploads route would not serve.
 */
export const OWN_IMAGE_PATH = /^\/uploads\/(?:tools|logos|seed)\/[\w-]+\.(?:webp|png|jpe?g)$/;

/** A brand colour as stored: six lowercase hex digits after '#'. */
export const BRAND_COLOR = /^#[0-9a-f]{6}$/;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A screenshot or cover image: an https address elsewhere or one of our uploaded images. */
export function isImageAddress(value: string): boolean {
  return OWN_IMAGE_PATH.test(value) || isHttpsUrl(value);
}

const YOUTUBE_ID = /^[\w-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

export interface DemoVideo {
  provider: 'youtube' | 'vimeo';
  id: string;
}

/** The YouTube or Vimeo video a link names, or null for anything else (another host, a channel, a bad id). */
export function demoVideo(videoUrl: string | null | undefined): DemoVideo | null {
  if (!videoUrl) return null;
  let url: URL;
  try {
    url = new URL(videoUrl.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const id =
      url.searchParams.get('v') ?? (['embed', 'shorts', 'live', 'v'].includes(parts[0]) ? parts[1] : undefined);
    return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
  }
  if (host === 'youtu.be') return parts[0] && YOUTUBE_ID.test(parts[0]) ? { provider: 'youtube', id: parts[0] } : null;
  if (host === 'vimeo.com') {
    // vimeo.com/123 or vimeo.com/channels/x/123; the first all-digit segment is the video.
    const id = parts.find((p) => VIMEO_ID.test(p));
    return id ? { provider: 'vimeo', id } : null;
  }
  if (host === 'player.vimeo.com' && parts[0] === 'video' && parts[1] && VIMEO_ID.test(parts[1]))
    return { provider: 'vimeo', id: parts[1] };
  return null;
}

export const isDemoVideoUrl = (value: string): boolean => demoVideo(value) !== null;

/** The only origins a demo is framed from; the pages' CSP frame-src names exactly these. */
export const VIDEO_FRAME_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/**
 * The player address of a demo, privacy-friendly: YouTube's no-cookie domain, Vimeo with Do Not Track. It is loaded
 * only when the visitor asks for it, so it starts playing at once.
 */
export function videoEmbedUrl(videoUrl: string | null | undefined): string | null {
  const video = demoVideo(videoUrl);
  if (!video) return null;
  return video.provider === 'youtube'
    ? `${VIDEO_FRAME_ORIGINS[0]}/embed/${video.id}?autoplay=1&rel=0`
    : `${VIDEO_FRAME_ORIGINS[1]}/video/${video.id}?dnt=1&autoplay=1`;
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The text colour for a brand-coloured surface: white or black, whichever contrasts more. One of the two always
 * reaches at least 4.58:1, above WCAG AA's 4.5:1 for normal text.
 */
export function textOn(brandColor: string): '#ffffff' | '#000000' {
  return contrastRatio(brandColor, '#ffffff') >= contrastRatio(brandColor, '#000000') ? '#ffffff' : '#000000';
}
