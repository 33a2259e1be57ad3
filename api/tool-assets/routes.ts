// POST /api/tools/{id}/images: an owner uploads a screenshot, logo or cover image for their premium tool.
import { Elysia } from 'elysia';
import { ownToolParamsSchema, toolImageFormSchema, toolImageSchema } from '../../lib/contract';
import { answer } from '../answer';
import { readImageForm } from '../image-form';
import { auth } from '../plugins/auth';
import { errors } from '../plugins/errors';
import { security } from '../plugins/security';
import { premiumToolOf, storeImage, takeImageAllowance } from './service';

export const toolAssetRoutes = new Elysia({ name: 'tool-asset-routes' })
  .use(errors)
  .use(security)
  .use(auth)
  .post(
    '/api/tools/:id/images',
    async ({ request, user, params, status }) => {
      // Who may upload is judged before the body is read: a refused upload costs no image work.
      await premiumToolOf(user, params.id);
      await takeImageAllowance(user.id);
      const { image, form } = await readImageForm(request);
      const { kind } = toolImageFormSchema.parse({ image, kind: form.get('kind') });
      return status(201, await storeImage(image, kind, user.id));
    },
    { auth: true, params: ownToolParamsSchema, parse: 'none', response: { 201: answer(toolImageSchema) } },
  );
