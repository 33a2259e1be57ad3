// The post dialog's text fields above the image: title, slug (optional, with the address it gives), excerpt,
// category and tags.
import type { UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { POST_CATEGORIES } from '../../../../lib/post-categories';
import type { blogPostSchema } from '../../../../lib/schemas';

/** The form's values as typed (tags a comma list), before the schema reads them. */
type PostFormValues = z.input<typeof blogPostSchema>;

export default function PostFields({
  id,
  register,
  slug,
}: {
  id: string;
  register: UseFormRegister<PostFormValues>;
  slug: string | null | undefined;
}) {
  return (
    <>
      <div className="grid md:grid-cols-2 gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-title`} className="label-text font-medium">
            Title
          </label>
          <input
            {...register('title')}
            id={`${id}-title`}
            className="input input-bordered w-full"
            required
            maxLength={255}
          />
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
          <input
            {...register('tags')}
            id={`${id}-tags`}
            className="input input-bordered w-full"
            placeholder="writing, comparisons, ai"
            aria-describedby={`${id}-tags-hint`}
          />
          <p id={`${id}-tags-hint`} className="text-xs text-base-content/70">
            Separated by commas.
          </p>
        </div>
      </div>
    </>
  );
}
