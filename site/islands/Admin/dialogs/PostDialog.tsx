// Create or edit a blog post: title, slug (optional), excerpt, HTML content and status.
// New posts default to published; saving needs a title and content, and the post passes the API's blogPostSchema.
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { TOAST } from '../../../../lib/messages';
import { blogPostSchema, type BlogPostInput } from '../../../../lib/schemas';
import { createPost, updatePost, type AdminPost } from '../../../stores/admin';
import { perform } from '../feedback';
import { SUBMIT_ONLY, firstMessage } from '../../../components/form-messages';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';

/** Made once: the form checks with the API's own schema. */
const resolver = zodResolver(blogPostSchema);

export default function PostDialog({ post, onClose }: { post: AdminPost | null; onClose: () => void }) {
  const id = useId();
  const { register, handleSubmit, watch, formState } = useForm({
    ...SUBMIT_ONLY,
    resolver,
    defaultValues: {
      title: post?.title ?? '',
      slug: post?.slug ?? '',
      excerpt: post?.excerpt ?? '',
      content: post?.content ?? '',
      status: post?.status === 'draft' ? 'draft' : 'published',
    },
  });
  const [title, slug, content] = watch(['title', 'slug', 'content']);
  const ready = title.trim() !== '' && content.trim() !== '';

  // The button waits for a title and content (SPEC.md section 5); the schema refuses them blank all the same.
  const save = handleSubmit(async (data: BlogPostInput) => {
    const values: BlogPostInput = { title: data.title, slug: data.slug || null, excerpt: data.excerpt || null, content: data.content, status: data.status ?? 'published' };
    const saved = post
      ? await perform(() => updatePost(post.id, values), {
          success: () => ({ title: TOAST.postUpdated, description: values.title }),
          failure: TOAST.updatePostFailed,
        })
      : await perform(() => createPost(values), {
          success: () => ({ title: TOAST.postCreated, description: values.title }),
          failure: TOAST.createPostFailed,
        });
    if (saved) onClose();
  });

  return (
    <Modal title={post ? `Edit ${post.title}` : 'Create New Post'} onClose={onClose} size="xl" testId="post-dialog">
      <form className="flex flex-col gap-4" onSubmit={save} noValidate>
        <div className="grid md:grid-cols-2 gap-4">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-title`} className="label-text font-medium">
              Title
            </label>
            <input {...register('title')} id={`${id}-title`} className="input input-bordered w-full" required maxLength={255} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-slug`} className="label-text font-medium">
              Slug (optional)
            </label>
            <input
              {...register('slug')}
              id={`${id}-slug`}
              className="input input-bordered w-full"
              placeholder="generated from the title"
              maxLength={255}
              aria-describedby={`${id}-slug-hint`}
            />
            <p id={`${id}-slug-hint`} className="text-xs text-base-content/70">
              The post's address: /blog/{slug?.trim() || 'slug-from-title'}
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-excerpt`} className="label-text font-medium">
            Excerpt
          </label>
          <textarea
            {...register('excerpt')}
            id={`${id}-excerpt`}
            rows={2}
            className="textarea textarea-bordered w-full"
            placeholder="A one or two sentence summary (taken from the content when left empty)"
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-content`} className="label-text font-medium">
            Content (HTML)
          </label>
          <textarea
            {...register('content')}
            id={`${id}-content`}
            rows={12}
            className="textarea textarea-bordered w-full font-mono text-sm"
            placeholder="<p>Write the post here...</p>"
            required
          />
          <p className="text-xs text-base-content/70">Headings, paragraphs, lists, links, images and code are kept; scripts and styles are removed.</p>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-status`} className="label-text font-medium">
            Status
          </label>
          <select {...register('status')} id={`${id}-status`} className="select select-bordered w-full sm:w-48">
            <option value="published">Published</option>
            <option value="draft">Draft</option>
          </select>
        </div>
        <FormActions error={firstMessage(formState.errors)} pending={formState.isSubmitting} disabled={!ready} onCancel={onClose} submitLabel={post ? 'Update Post' : 'Create Post'} />
      </form>
    </Modal>
  );
}
