// Create or edit a blog post: title, slug (optional), excerpt, category, tags, featured image, HTML content and status,
// with a preview of the post as the blog will show it. New posts default to published; saving needs a title and content,
// and the post passes the API's blogPostSchema. The read time is the server's, computed from the text.
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_POST_IMAGE_BYTES } from '../../../../lib/constants';
import { computeReadTime } from '../../../../lib/format';
import { logError, serverMessage } from '../../../../lib/http';
import { MSG, TOAST } from '../../../../lib/messages';
import { POST_CATEGORIES } from '../../../../lib/post-categories';
import { blogPostSchema, type BlogPostInput } from '../../../../lib/schemas';
import { createPost, previewPost, updatePost, uploadPostImage, type AdminPost } from '../../../stores/admin';
import { showToast } from '../../../stores/toast';
import { perform } from '../feedback';
import { SUBMIT_ONLY, firstMessage } from '../../../components/form-messages';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';
import PostCover from '../../../components/PostCover';

/** Made once: the form checks with the API's own schema. */
const resolver = zodResolver(blogPostSchema);

const ACCEPTED_IMAGES = ['image/png', 'image/jpeg'];

interface Preview {
  content: string;
  excerpt: string;
  readTime: string;
}

export default function PostDialog({ post, onClose }: { post: AdminPost | null; onClose: () => void }) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const { register, handleSubmit, watch, setValue, getValues, formState } = useForm({
    ...SUBMIT_ONLY,
    resolver,
    defaultValues: {
      title: post?.title ?? '',
      slug: post?.slug ?? '',
      excerpt: post?.excerpt ?? '',
      content: post?.content ?? '',
      status: post?.status === 'draft' ? 'draft' : 'published',
      category: (post?.category ?? '') as BlogPostInput['category'],
      tags: post?.tags.join(', ') ?? '',
      featuredImage: post?.featuredImage ?? '',
    },
  });
  const [title, slug, content, featuredImage, category] = watch(['title', 'slug', 'content', 'featuredImage', 'category']);
  const ready = title.trim() !== '' && content.trim() !== '';

  /** The form's values as the API takes them. */
  const valuesOf = (data: BlogPostInput): BlogPostInput => ({
    title: data.title,
    slug: data.slug || null,
    excerpt: data.excerpt || null,
    content: data.content,
    status: data.status ?? 'published',
    category: data.category || null,
    tags: data.tags ?? [],
    featuredImage: data.featuredImage || null,
  });

  // The button waits for a title and content (SPEC.md section 5); the schema refuses them blank all the same.
  const save = handleSubmit(async (data: BlogPostInput) => {
    const values = valuesOf(data);
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

  const showPreview = handleSubmit(async (data: BlogPostInput) => {
    setPreviewing(true);
    try {
      setPreview(await previewPost(valuesOf(data)));
    } catch (error) {
      logError(error);
      showToast({ title: 'Preview failed', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setPreviewing(false);
    }
  });

  async function chooseImage(file: File | undefined) {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (file.size > MAX_POST_IMAGE_BYTES) {
      showToast({ title: MSG.fileTooLargeTitle, description: MSG.fileTooLarge, variant: 'destructive' });
      return;
    }
    if (!ACCEPTED_IMAGES.includes(file.type)) {
      showToast({ title: MSG.logoWrongTypeTitle, description: MSG.postImageWrongType, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      setValue('featuredImage', await uploadPostImage(file), { shouldDirty: true });
    } catch (error) {
      logError(error);
      showToast({ title: 'Image upload failed', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  const shownTags = (getValues('tags') as string | string[] | undefined) ?? '';
  const tagList = (Array.isArray(shownTags) ? shownTags : shownTags.split(','))
    .map((t) => t.trim())
    .filter(Boolean);

  return (
    <Modal title={post ? `Edit ${post.title}` : 'Create New Post'} onClose={onClose} size="xl" testId="post-dialog">
      {preview ? (
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
            <button type="button" className="btn btn-ghost" onClick={() => setPreview(null)}>
              Back to editing
            </button>
          </div>
        </div>
      ) : (
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
          <div className="grid md:grid-cols-2 gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-category`} className="label-text font-medium">
                Category
              </label>
              <select {...register('category')} id={`${id}-category`} className="select select-bordered w-full">
                <option value="">No category</option>
                {POST_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-tags`} className="label-text font-medium">
                Tags
              </label>
              <input {...register('tags')} id={`${id}-tags`} className="input input-bordered w-full" placeholder="writing, comparisons, ai" aria-describedby={`${id}-tags-hint`} />
              <p id={`${id}-tags-hint`} className="text-xs text-base-content/70">
                Separated by commas.
              </p>
            </div>
          </div>
          <div className="flex flex-col gap-2">
            <span className="label-text font-medium" id={`${id}-image-label`}>
              Featured image
            </span>
            <div className="flex flex-wrap items-center gap-4">
              <div className="w-40 aspect-[16/9] overflow-hidden rounded-lg bg-base-200 border border-base-300 shrink-0">
                {featuredImage ? (
                  <img src={featuredImage} alt="The featured image" className="w-full h-full object-cover" data-testid="featured-image-thumb" />
                ) : (
                  <PostCover title={title || 'Untitled post'} category={category || null} size="thumb" />
                )}
              </div>
              <div className="flex flex-col gap-2">
                <label className={`btn btn-outline btn-sm ${uploading ? 'btn-disabled' : ''}`}>
                  {uploading ? 'Uploading...' : featuredImage ? 'Replace image' : 'Upload image'}
                  <input
                    ref={fileInput}
                    type="file"
                    name="image"
                    accept="image/png,image/jpeg"
                    className="sr-only"
                    aria-labelledby={`${id}-image-label`}
                    aria-describedby={`${id}-image-hint`}
                    disabled={uploading}
                    onChange={(e) => void chooseImage(e.target.files?.[0])}
                  />
                </label>
                {featuredImage && (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => setValue('featuredImage', '', { shouldDirty: true })}>
                    Remove image
                  </button>
                )}
              </div>
            </div>
            <p id={`${id}-image-hint`} className="text-xs text-base-content/70">
              PNG or JPG under 2MB, cropped to 1200 x 630. Without one, the post gets a cover made from its title and category.
            </p>
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
            <p className="text-xs text-base-content/70">
              Headings, paragraphs, lists, links, images and code are kept; scripts and styles are removed. Read time: {computeReadTime(content)}, counted
              from the text when saved.
            </p>
          </div>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-status`} className="label-text font-medium">
                Status
              </label>
              <select {...register('status')} id={`${id}-status`} className="select select-bordered w-full sm:w-48">
                <option value="published">Published</option>
                <option value="draft">Draft</option>
              </select>
            </div>
            <button type="button" className="btn btn-outline" onClick={() => void showPreview()} disabled={!ready || previewing || uploading}>
              {previewing ? 'Preparing preview...' : 'Preview'}
            </button>
          </div>
          <FormActions
            error={firstMessage(formState.errors)}
            pending={formState.isSubmitting}
            disabled={!ready || uploading}
            onCancel={onClose}
            submitLabel={post ? 'Update Post' : 'Create Post'}
          />
        </form>
      )}
    </Modal>
  );
}
