// The designed cover of a post without a featured image: its title on a gradient of its category's colours, with a
// few soft shapes. Decorative (the title is on the page beside it), so hidden from assistive technology. Classes only:
// the pages' CSP allows no inline style. Rendered statically by the blog pages and live by the Blog CMS preview.
import type { PostCategory } from '../../lib/post-categories';

/** Dark enough at both ends for white text at 4.5:1 or more. */
const GRADIENTS: Record<PostCategory, string> = {
  Guides: 'from-[#1e3a8a] to-[#0369a1]',
  Reviews: 'from-[#5b21b6] to-[#be185d]',
  Comparisons: 'from-[#065f46] to-[#0f766e]',
  Editorial: 'from-[#0f172a] to-[#334155]',
  Industry: 'from-[#9a3412] to-[#b91c1c]',
  News: 'from-[#155e75] to-[#1d4ed8]',
};
const NO_CATEGORY = 'from-[#1e293b] to-[#4338ca]';

/** Padding, label and title sizes: the blog grid's card, the top of the post page, the form's thumbnail. */
const SIZES = {
  card: { box: 'p-5', label: 'text-xs', title: 'text-xl' },
  hero: { box: 'p-6 md:p-12', label: 'text-xs md:text-sm', title: 'text-2xl md:text-5xl max-w-2xl' },
  thumb: { box: 'p-2', label: 'text-[0.5rem]', title: 'text-xs' },
} as const;

export default function PostCover({
  title,
  category,
  size = 'card',
}: {
  title: string;
  category: string | null;
  size?: keyof typeof SIZES;
}) {
  const gradient = GRADIENTS[category as PostCategory] ?? NO_CATEGORY;
  const { box, label, title: titleSize } = SIZES[size];
  return (
    <div
      className={`relative w-full h-full overflow-hidden bg-gradient-to-br ${gradient} text-white flex flex-col justify-between ${box}`}
      aria-hidden="true"
      data-testid="post-cover"
    >
      <span className="absolute -right-12 -top-12 h-48 w-48 rounded-full bg-white/10" />
      <span className="absolute right-10 -bottom-12 h-32 w-32 rounded-full border-[1.5rem] border-white/10" />
      <span className={`relative font-semibold uppercase tracking-widest ${label}`}>{category || 'Blog'}</span>
      <span className={`relative font-extrabold leading-tight text-balance line-clamp-3 ${titleSize}`}>{title}</span>
    </div>
  );
}
