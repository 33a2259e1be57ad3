// The post dialog's preview: the post as the blog will show it, with the server's sanitised content, excerpt and read
// time (POST /api/admin/blog/preview); nothing is saved.
import type { PostCategory } from '../../../../lib/post-categories';
import PostCover from '../../../components/PostCover';

/** What the server would store of the post's text. */
export interface Preview {
  content: string;
  excerpt: string;
  readTime: string;
}

interface PostPreviewProps {
  preview: Preview;
  title: string;
  category: PostCategory | '' | null | undefined;
  featuredImage: string | null | undefined;
  /** The tags as typed (a comma list) or as a list. */
  tags: string | string[] | undefined;
  onBack: () => void;
}

export default function PostPreview({ preview, title, category, featuredImage, tags, onBack }: PostPreviewProps) {
  const tagList = (Array.isArray(tags) ? tags : (tags ?? '').split(',')).map((t) => t.trim()).filter(Boolean);
  return (
    <div className="flex flex-col gap-4" data-testid="post-preview">
      <p className="alert alert-info text-sm">Preview: this is how the post will look. Nothing is saved yet.</p>
      <article className="rounded-2xl border border-base-200 p-4 md:p-6">
        {category && <span className="badge badge-primary badge-soft font-semibold">{category}</span>}
        <h4 className="mt-3 text-2xl md:text-4xl font-extrabold tracking-tight leading-tight">{title}</h4>
        {preview.excerpt && <p className="mt-3 text-lg text-base-content/80">{preview.excerpt}</p>}
        <p className="mt-3 text-sm text-base-content/80" data-testid="preview-read-time">
          {preview.readTime}
        </p>
        <figure className="mt-4 overflow-hidden rounded-2xl bg-base-200 aspect-[16/9]">
          {featuredImage ? (
            <img src={featuredImage} alt="" className="w-full h-full object-cover" />
          ) : (
            <PostCover title={title} category={category || null} size="hero" />
          )}
        </figure>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised content (POST /api/admin/blog/preview), as the blog page shows it */}
        <div className="prose-blog mt-6" dangerouslySetInnerHTML={{ __html: preview.content }} />
        {tagList.length > 0 && (
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Tags">
            {tagList.map((tag) => (
              <li key={tag} className="badge badge-outline">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </article>
      <div className="modal-action mt-2">
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          Back to editing
        </button>
      </div>
    </div>
  );
}
