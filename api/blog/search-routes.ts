// The articles' search for the header's search box (docs/decisions/0087): published posts matching `q`, each with the
// passage that shows the words, from the posts' full-text index.
import { Elysia } from 'elysia';
import { searchPublishedPosts } from '../../db/queries/post-search';
import { postSearchAnswerSchema, postSearchQuerySchema } from '../../lib/contract';
import { searchWords } from '../../lib/directory';
import { answer } from '../answer';
import { errors } from '../plugins/errors';
import { PUBLIC_CACHE, security } from '../plugins/security';
import { keptCatalogueAnswer } from '../publishing/kept-answers';

export const blogSearchRoutes = new Elysia({ name: 'blog-search-routes' })
  .use(errors)
  .use(security)
  .get(
    '/api/blog/search',
    ({ query, set }) => {
      set.headers['cache-control'] = PUBLIC_CACHE;
      // Kept until a change to the posts (their tag) like the catalogue's answers; texts of the same words share one.
      return keptCatalogueAnswer(JSON.stringify(['posts', searchWords(query.q)]), postSearchAnswerSchema, async () => ({
        answer: { posts: await searchPublishedPosts(query.q) },
      }));
    },
    {
      query: postSearchQuerySchema,
      response: answer(postSearchAnswerSchema),
      detail: {
        description:
          "Published posts whose title, excerpt or text hold every word of `q` (a word matches as the start of one), best first, at most 3; each `excerpt` is the passage of the text that shows a matched word (the post's excerpt when only the title or the excerpt matched).",
      },
    },
  );
