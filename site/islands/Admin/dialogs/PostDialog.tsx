// Create or edit a blog post: title, slug (optional), excerpt, category, tags, featured image, HTML content and status,
// with a preview of the post as the blog will show it. New posts default to published; saving needs a title and content,
// and the post passes the API's blogPostSchema. The read time is the server's, computed from the text.
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { computeReadTime } from '../../../../lib/format';
import { logError, serverMessage } from '../../../../lib/http';
import { TOAST } from '../../../../lib/messages';
import { blogPostSchema, type BlogPostInput } from '../../../../lib/schemas';
import { createPost, previewPost, updatePost, type AdminPost } from '../../../stores/admin';
import { showToast } from '../../../stores/toast';
import { perform } from '../feedback';
import { SUBMIT_ONLY, firstMessage } from '../../../components/form-messages';
import FormActions from '../../../components/FormActions';
import Modal from '../../../components/Modal';
import FeaturedImageField from './FeaturedImageField';
import PostFields from './PostFields';
import PostPreview, { type Preview } from './PostPreview';

/** Made once: the form checks with the API's own schema. */
const resolver = zodResolver(blogPostSchema);

export default function PostDialog({ post, onClose }: { post: AdminPost | null; onClose: () => void }) {
  const id = useId();
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
  const [title, slug, content, featuredImage, category] = watch([
    'title',
    'slug',
    'content',
    'featuredImage',
    'category',
  ]);
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

  return (
    <Modal title={post ? `Edit ${post.title}` : 'Create New Post'} onClose={onClose} size="xl" testId="post-dialog">
      {preview ? (
        <PostPreview
          preview={preview}
          title={title}
          category={category}
          featuredImage={featuredImage}
          tags={getValues('tags') as string | string[] | undefined}
          onBack={() => setPreview(null)}
        />
      ) : (
        <form className="flex flex-col gap-4" onSubmit={save} noValidate>
          <PostFields id={id} register={register} slug={slug} />
          <FeaturedImageField
            id={id}
            featuredImage={featuredImage}
            title={title}
            category={category}
            onChange={(url) => setValue('featuredImage', url, { shouldDirty: true })}
            uploading={uploading}
            setUploading={setUploading}
          />
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
              Headings, paragraphs, lists, links, images and code are kept; scripts and styles are removed. Read time:{' '}
              {computeReadTime(content)}, counted from the text when saved.
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
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => void showPreview()}
              disabled={!ready || previewing || uploading}
            >
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
