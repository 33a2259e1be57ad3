// The post dialog's featured image: a thumbnail (or the cover made from the title and category), upload, replace and
// remove. An upload is checked for size and type here, then stored at once (POST /api/admin/blog/images); the post
// names its address when saved.
import { useRef } from 'react';
import { MAX_POST_IMAGE_BYTES } from '../../../../lib/constants';
import { logError, serverMessage } from '../../../../lib/http';
import { MSG } from '../../../../lib/messages';
import type { PostCategory } from '../../../../lib/post-categories';
import PostCover from '../../../components/PostCover';
import { uploadPostImage } from '../../../stores/admin';
import { showToast } from '../../../stores/toast';

const ACCEPTED_IMAGES = ['image/png', 'image/jpeg'];

interface FeaturedImageFieldProps {
  /** The dialog's id, the prefix of this field's ids. */
  id: string;
  featuredImage: string | null | undefined;
  title: string;
  category: PostCategory | '' | null | undefined;
  onChange: (url: string) => void;
  uploading: boolean;
  setUploading: (on: boolean) => void;
}

export default function FeaturedImageField({
  id,
  featuredImage,
  title,
  category,
  onChange,
  uploading,
  setUploading,
}: FeaturedImageFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);

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
      onChange(await uploadPostImage(file));
    } catch (error) {
      logError(error);
      showToast({ title: 'Image upload failed', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <span className="label-text font-medium" id={`${id}-image-label`}>
        Featured image
      </span>
      <div className="flex flex-wrap items-center gap-4">
        <div className="w-40 aspect-[16/9] overflow-hidden rounded-lg bg-base-200 border border-base-300 shrink-0">
          {featuredImage ? (
            <img
              src={featuredImage}
              alt="Preview of the post's cover"
              className="w-full h-full object-cover"
              data-testid="featured-image-thumb"
            />
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
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange('')}>
              Remove image
            </button>
          )}
        </div>
      </div>
      <p id={`${id}-image-hint`} className="text-xs text-base-content/70">
        PNG or JPG under 2MB, cropped to 1200 x 630. Without one, the post gets a cover made from its title and
        category.
      </p>
    </div>
  );
}
