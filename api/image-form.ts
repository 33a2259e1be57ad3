// Reads the multipart form of an image upload (a blog post's featured image, an owner's tool image): the declared size
// is checked before the body is read, and the `image` file must be there.
import { MAX_LOGO_BYTES } from '../lib/constants';
import { MSG } from '../lib/messages';
import { HttpError, badRequest } from './plugins/errors';

/** Room for the form's framing and small text fields beside the largest image; anything bigger is refused unread. */
const MAX_IMAGE_FORM_BYTES = MAX_LOGO_BYTES + 16 * 1024;

/** The form and its `image` file, read only when the declared size allows it. */
export async function readImageForm(request: Request): Promise<{ image: Blob; form: FormData }> {
  if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) throw badRequest(MSG.expectedMultipart);
  if (Number(request.headers.get('content-length')) > MAX_IMAGE_FORM_BYTES) throw new HttpError(413, MSG.fileTooLarge);
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
