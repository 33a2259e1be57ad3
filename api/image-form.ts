// Reads the multipart form of an image upload (a blog post's featured image, an owner's tool image), whose size its
// route's body limit bounds (plugins/bodies.ts); the `image` file must be there.
import { MSG } from '../lib/messages';
import { badRequest } from './plugins/errors';

/** The form and its `image` file. */
export async function readImageForm(request: Request): Promise<{ image: Blob; form: FormData }> {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data'))
    throw badRequest(MSG.expectedMultipart);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw badRequest(MSG.expectedMultipart);
  }
  const image = form.get('image');
  if (!(image instanceof Blob) || image.size === 0) throw badRequest(MSG.postImageMissing);
  return { image, form };
}
