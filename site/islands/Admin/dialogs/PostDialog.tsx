// Create or edit a blog post: title, slug (optional), excerpt, HTML content and status.
// New posts default to published; saving needs a title and content.
import { useId, useState, type FormEvent } from 'react';
import { TOAST } from '../../../../lib/messages';
import { createPost, updatePost, type AdminPost, type PostValues } from '../../../stores/admin';
import { perform } from '../feedback';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';

export default function PostDialog({ post, onClose }: { post: AdminPost | null; onClose: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(post?.title ?? '');
  const [slug, setSlug] = useState(post?.slug ?? '');
  const [excerpt, setExcerpt] = useState(post?.excerpt ?? '');
  const [content, setContent] = useState(post?.content ?? '');
  const [status, setStatus] = useState<PostValues['status']>(post?.status === 'draft' ? 'draft' : 'published');
  const [pending, setPending] = useState(false);
  const ready = title.trim() !== '' && content.trim() !== '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready) return;
    const values: PostValues = { title: title.trim(), slug: slug.trim() || null, excerpt: excerpt.trim() || null, content, status };
    setPending(true);
    const saved = post
      ? await perform(() => updatePost(post.id, values), {
          success: () => ({ title: TOAST.postUpdated, description: values.title }),
          failure: TOAST.updatePostFailed,
        })
      : await perform(() => createPost(values), {
          success: () => ({ title: TOAST.postCreated, description: values.title }),
          failure: TOAST.createPostFailed,
        });
    setPending(false);
    if (saved) onClose();
  }

  return (
    <Modal title={post ? `Edit ${post.title}` : 'Create New Post'} onClose={onClose} size="xl" testId="post-dialog">
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        <div className="grid md:grid-cols-2 gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-title`} className="label-text font-medium">
              Title
            </label>
            <input id={`${id}-title`} className="input input-bordered w-full" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={255} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-slug`} className="label-text font-medium">
              Slug (optional)
            </label>
            <input
              id={`${id}-slug`}
              className="input input-bordered w-full"
              placeholder="generated from the title"
              value={slug}
              onChange={(e) => setSlug(e.target.value)}
              maxLength={255}
              aria-describedby={`${id}-slug-hint`}
            />
            <p id={`${id}-slug-hint`} className="text-xs text-base-content/70">
              The post's address: /blog/{slug.trim() || 'slug-from-title'}
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-excerpt`} className="label-text font-medium">
            Excerpt
          </label>
          <textarea
            id={`${id}-excerpt`}
            rows={2}
            className="textarea textarea-bordered w-full"
            placeholder="A one or two sentence summary (taken from the content when left empty)"
            value={excerpt}
            onChange={(e) => setExcerpt(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-content`} className="label-text font-medium">
            Content (HTML)
          </label>
          <textarea
            id={`${id}-content`}
            rows={12}
            className="textarea textarea-bordered w-full font-mono text-sm"
            placeholder="<p>Write the post here...</p>"
            value={content}
            onChange={(e) => setContent(e.target.value)}
            required
          />
          <p className="text-xs text-base-content/70">Headings, paragraphs, lists, links, images and code are kept; scripts and styles are removed.</p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-status`} className="label-text font-medium">
            Status
          </label>
          <select id={`${id}-status`} className="select select-bordered w-full sm:w-48" value={status} onChange={(e) => setStatus(e.target.value as PostValues['status'])}>
            <option value="published">Published</option>
            <option value="draft">Draft</option>
          </select>
        </div>
        <FormActions pending={pending} disabled={!ready} onCancel={onClose} submitLabel={post ? 'Update Post' : 'Create Post'} />
      </form>
    </Modal>
  );
}
